import { useIntentsStore } from '@/components/stores/intents-store';
import { usePageStore } from '@/components/stores/page-store';
import { useViewStore } from '@/components/stores/view-store';
import { Skeleton } from '@/components/ui/Skeleton';
import { NoProduct } from './NoProduct';
import { ProductCard } from './ProductCard';
import { WatchForm } from './WatchForm';

/** A nudge to the Watching tab when a purchase waits for the user. */
function PendingActionNotice() {
  const pending = useIntentsStore(
    (state) => state.intents.filter((intent) => intent.status === 'requires_user_action').length,
  );
  const moveToTab = useViewStore((state) => state.moveToTab);
  if (pending === 0) return null;
  return (
    <div className="banner" role="status">
      <span>{pending === 1 ? 'A purchase needs' : `${pending} purchases need`} your action.</span>
      <button type="button" onClick={() => moveToTab('watching')}>
        Open
      </button>
    </div>
  );
}

export function ThisPageTab() {
  const capture = usePageStore((state) => state.capture);
  return (
    <>
      <PendingActionNotice />
      {capture.phase === 'loading' && <Skeleton lines={4} label="Reading this page…" />}
      {capture.phase === 'product' && (
        <>
          <ProductCard url={capture.url} extraction={capture.extraction} />
          <WatchForm key={capture.url} url={capture.url} extraction={capture.extraction} />
        </>
      )}
      {capture.phase === 'none' && <NoProduct reason={capture.reason} url={capture.url} />}
    </>
  );
}
