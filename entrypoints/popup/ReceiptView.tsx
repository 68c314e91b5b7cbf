import { useEffect, useState } from 'react';
import { errorMessage, v1 } from '@/components/stores/api';
import type { Receipt } from '@/components/stores/types';
import { useViewStore } from '@/components/stores/view-store';
import { Skeleton } from '@/components/ui/Skeleton';
import { ReceiptDetails } from './ReceiptDetails';
import { LoadError, SubViewTop } from './SubViewTop';

type Loaded = { receipt: Receipt } | { error: string } | null;

/** The signed receipt of a succeeded intent, with a way back to the list. */
export function ReceiptView({ intentId }: { intentId: string }) {
  const close = useViewStore((state) => state.closeReceipt);
  const [loaded, setLoaded] = useState<Loaded>(null);
  const [attempt, setAttempt] = useState(0);

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

  return (
    <section className="receipt-view" aria-labelledby="receipt-heading">
      <SubViewTop id="receipt-heading" onBack={close} backTestId="receipt-back">
        Receipt
      </SubViewTop>
      {loaded === null && <Skeleton lines={5} label="Loading the receipt…" />}
      {loaded && 'error' in loaded && (
        <LoadError
          message={`Could not load the receipt: ${loaded.error}`}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      )}
      {loaded && 'receipt' in loaded && <ReceiptDetails receipt={loaded.receipt} />}
    </section>
  );
}
