import { usePageStore } from '@/components/stores/page-store';
import { ManualWatchForm } from './ManualWatchForm';

/** No product on this page: say why, offer a retry and the manual form. */
export function NoProduct({ reason, url }: { reason: string; url: string | null }) {
  const retry = usePageStore((state) => state.load);
  return (
    <>
      <section className="card notice" data-testid="no-product" aria-labelledby="no-product-title">
        <h2 id="no-product-title">No product detected</h2>
        <p role="status">{reason}</p>
        <button type="button" onClick={() => void retry()}>
          Try again
        </button>
      </section>
      <ManualWatchForm initialUrl={url} />
    </>
  );
}
