import { create } from 'zustand';
import { errorMessage } from './api';
import { sendToBackground } from './runtime';
import type { Extraction } from './types';

type CaptureState =
  | { phase: 'loading' }
  | { phase: 'product'; url: string; extraction: Extraction }
  | { phase: 'none'; reason: string; url: string | null };

interface PageStore {
  capture: CaptureState;
  /** Asks the background to read the product on the active tab (or on `tabId`). */
  load: (tabId?: number) => Promise<void>;
}

const NO_OFFER =
  'No product offer was found on this page: it shows no price or stock that the extension can read.';

/**
 * `popup.html?tabId=N` reads tab N instead of the active one: for a popup opened in a tab
 * (e2e tests, or a pinned popup window), where the active tab is the popup itself.
 */
function tabIdFromUrl(): number | undefined {
  const value = new URLSearchParams(globalThis.location?.search ?? '').get('tabId');
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}

export const usePageStore = create<PageStore>()((set) => ({
  capture: { phase: 'loading' },
  load: async (tabId = tabIdFromUrl()) => {
    set({ capture: { phase: 'loading' } });
    try {
      const reply = await sendToBackground({
        type: 'capture',
        ...(tabId === undefined ? {} : { tabId }),
      });
      if (!reply.ok) {
        set({ capture: { phase: 'none', reason: reply.message, url: reply.url } });
      } else if (reply.extraction.offers.length === 0 && reply.extraction.offer === null) {
        set({ capture: { phase: 'none', reason: NO_OFFER, url: reply.url } });
      } else {
        set({ capture: { phase: 'product', url: reply.url, extraction: reply.extraction } });
      }
    } catch (error) {
      set({ capture: { phase: 'none', reason: errorMessage(error), url: null } });
    }
  },
}));
