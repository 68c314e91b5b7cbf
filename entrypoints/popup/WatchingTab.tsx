import { useIntentsStore } from '@/components/stores/intents-store';
import { useViewStore } from '@/components/stores/view-store';
import { ErrorMessage } from '@/components/ui/ErrorMessage';
import { Skeleton } from '@/components/ui/Skeleton';
import { ActionCard } from './ActionCard';
import { IntentRow } from './IntentRow';

/** Pending actions on top, then every watched product, newest first; refreshed every 2 s. */
export function WatchingTab() {
  const { intents, loaded, error, notice, refresh } = useIntentsStore();
  const moveToTab = useViewStore((state) => state.moveToTab);
  const pending = intents.filter((intent) => intent.status === 'requires_user_action');
  return (
    <>
      <p className="notice-line" role="status" aria-live="polite">
        {notice}
      </p>
      {pending.map((intent) => (
        <ActionCard key={intent.intent_id} intent={intent} />
      ))}
      <ErrorMessage message={error && `Could not load your watched products: ${error}`}>
        <button type="button" onClick={() => void refresh()}>
          Retry
        </button>
      </ErrorMessage>
      {!loaded && <Skeleton lines={3} label="Loading watched products…" />}
      {loaded && !error && intents.length === 0 && (
        <div className="empty" data-testid="watching-empty">
          <p>You are not watching anything yet.</p>
          <p className="hint">
            Open a product page, click the extension icon and choose Watch: it will be bought as
            soon as it is in stock at your price.
          </p>
          <button type="button" onClick={() => moveToTab('this-page')}>
            Go to This page
          </button>
        </div>
      )}
      {intents.length > 0 && (
        <ul className="intent-list" aria-label="Watched products">
          {intents.map((intent) => (
            <IntentRow key={intent.intent_id} intent={intent} />
          ))}
        </ul>
      )}
    </>
  );
}
