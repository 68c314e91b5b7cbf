import { create } from 'zustand';

export type PopupTab = 'this-page' | 'watching';

interface ViewStore {
  tab: PopupTab;
  /** The intent whose receipt is open, or null. */
  receiptFor: string | null;
  /** The intent whose detail view (chart, conditions, events, edit) is open, or null. */
  detailFor: string | null;
  setTab: (tab: PopupTab) => void;
  /** Switches tab from a control inside the panel being hidden: focus moves to the new tab. */
  moveToTab: (tab: PopupTab) => void;
  openReceipt: (intentId: string) => void;
  closeReceipt: () => void;
  openDetail: (intentId: string) => void;
  closeDetail: () => void;
}

/** After React has rendered: focus the first element matching `selector`, if any. */
export function focusSoon(selector: string) {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(selector)?.focus());
}

/**
 * A notification opens `popup.html?intent=<id>` (a grouped one `?view=watching`): start on the
 * Watching tab, where the cards are.
 */
function initialTab(): PopupTab {
  const query = new URLSearchParams(globalThis.location?.search ?? '');
  return query.has('intent') || query.get('view') === 'watching' ? 'watching' : 'this-page';
}

export const useViewStore = create<ViewStore>()((set, get) => ({
  tab: initialTab(),
  receiptFor: null,
  detailFor: null,
  setTab: (tab) => set({ tab, receiptFor: null, detailFor: null }),
  moveToTab: (tab) => {
    set({ tab, receiptFor: null, detailFor: null });
    focusSoon(`#tab-${tab}`);
  },
  openReceipt: (intentId) => set({ receiptFor: intentId }),
  closeReceipt: () => {
    const intentId = get().receiptFor;
    set({ receiptFor: null });
    if (intentId) focusSoon(`[data-intent-id="${intentId}"] [data-testid="view-receipt"]`);
  },
  openDetail: (intentId) => set({ detailFor: intentId }),
  closeDetail: () => {
    const intentId = get().detailFor;
    set({ detailFor: null });
    if (intentId) focusSoon(`[data-intent-id="${intentId}"] [data-testid="view-details"]`);
  },
}));
