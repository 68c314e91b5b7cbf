import { useEffect, useRef, useState } from 'react';
import { errorMessage, v1 } from '@/components/stores/api';
import type { Receipt } from '@/components/stores/types';
import { useViewStore } from '@/components/stores/view-store';
import { ErrorMessage } from '@/components/ui/ErrorMessage';
import { Skeleton } from '@/components/ui/Skeleton';
import { ReceiptDetails } from './ReceiptDetails';

type Loaded = { receipt: Receipt } | { error: string } | null;

/** The signed receipt of a succeeded intent, with a way back to the list. */
export function ReceiptView({ intentId }: { intentId: string }) {
  const close = useViewStore((state) => state.closeReceipt);
  const [loaded, setLoaded] = useState<Loaded>(null);
  const [attempt, setAttempt] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    setLoaded(null);
    v1()
      .getReceipt(intentId)
      .then(
        (receipt) => live && setLoaded({ receipt }),
        (error: unknown) => live && setLoaded({ error: errorMessage(error) }),
      );
    return () => {
      live = false;
    };
  }, [intentId, attempt]);

  useEffect(() => heading.current?.focus(), []);

  return (
    <section className="receipt-view" aria-labelledby="receipt-heading">
      <div className="receipt-top">
        <button type="button" onClick={close} data-testid="receipt-back">
          ← Back
        </button>
        <h2 id="receipt-heading" ref={heading} tabIndex={-1}>
          Receipt
        </h2>
      </div>
      {loaded === null && <Skeleton lines={5} label="Loading the receipt…" />}
      {loaded && 'error' in loaded && (
        <ErrorMessage message={`Could not load the receipt: ${loaded.error}`}>
          <button type="button" onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </button>
        </ErrorMessage>
      )}
      {loaded && 'receipt' in loaded && <ReceiptDetails receipt={loaded.receipt} />}
    </section>
  );
}
