import { useEffect } from 'react';
import { useIntentsStore } from '@/components/stores/intents-store';
import { usePageStore } from '@/components/stores/page-store';
import { usePaymentStore } from '@/components/stores/payment-store';
import { requestMonitorTick } from '@/components/stores/runtime';
import { useViewStore } from '@/components/stores/view-store';
import { DetailView } from './DetailView';
import { ReceiptView } from './ReceiptView';
import { panelId, tabId, Tabs } from './Tabs';
import { ThisPageTab } from './ThisPageTab';
import { WatchingTab } from './WatchingTab';

export function App() {
  const tab = useViewStore((state) => state.tab);
  const receiptFor = useViewStore((state) => state.receiptFor);
  const detailFor = useViewStore((state) => state.detailFor);

  // On open: read the page, ask for a monitor round, load payment methods, poll the list.
  useEffect(() => {
    void usePageStore.getState().load();
    void usePaymentStore.getState().load();
    requestMonitorTick();
    return useIntentsStore.getState().startPolling();
  }, []);

  return (
    <div className="popup">
      <header className="popup-header">
        <h1>Intent Commerce</h1>
        <button
          type="button"
          className="link"
          onClick={() => void browser.runtime.openOptionsPage()}
        >
          Settings
        </button>
      </header>
      <Tabs />
      <main>
        <div
          id={panelId('this-page')}
          role="tabpanel"
          aria-labelledby={tabId('this-page')}
          hidden={tab !== 'this-page'}
        >
          <ThisPageTab />
        </div>
        <div
          id={panelId('watching')}
          role="tabpanel"
          aria-labelledby={tabId('watching')}
          hidden={tab !== 'watching'}
        >
          {receiptFor ? (
            <ReceiptView intentId={receiptFor} />
          ) : detailFor ? (
            <DetailView intentId={detailFor} />
          ) : (
            <WatchingTab />
          )}
        </div>
      </main>
    </div>
  );
}
