import { create } from 'zustand';
import { v1 } from './api';
import { alsoAtOf, lookupBody, type AlsoAt, type PageProduct } from './also-at';

interface AlsoAtStore {
  /** The page the last lookup was for (its first URL), or null before any. */
  page: string | null;
  /** Its product's other merchants; null while asked, on failure, or when there are none. */
  alsoAt: AlsoAt | null;
  /** Asks the catalog about the page's product once per page; never throws. */
  load: (page: PageProduct) => Promise<void>;
}

/**
 * "Also at": the catalog's other merchants for the product on the page. Asked after the product
 * is shown, and nothing is shown until an answer names another merchant: a page no other shop
 * sells looks and loads exactly as without it.
 */
export const useAlsoAtStore = create<AlsoAtStore>()((set, get) => ({
  page: null,
  alsoAt: null,
  load: async (page) => {
    const key = page.urls[0] ?? null;
    if (get().page === key) return;
    set({ page: key, alsoAt: null });
    const body = lookupBody(page);
    if (!body) return;
    try {
      const { candidates } = await v1().resolveProducts(body);
      if (get().page === key) set({ alsoAt: alsoAtOf(candidates, page) });
    } catch {
      // An extra: without the catalog's answer the popup is what it was without the lookup.
    }
  },
}));

/** The other merchants for the page at `url`, once known. */
export const useAlsoAt = (url: string) =>
  useAlsoAtStore((state) => (state.page === url ? state.alsoAt : null));
