import { create } from 'zustand';
import { v1 } from './api';
import { alsoAtOf, lookupBody, type AlsoAt, type PageProduct } from './also-at';

interface AlsoAtStore {
  /** The page the last lookup was for (its first URL), or null before any. */
  page: string | null;
  /**
   * Its product's other merchants; null when there are none (or the lookup failed), undefined
   * while the catalog is being asked.
   */
  alsoAt: AlsoAt | null | undefined;
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
  alsoAt: undefined,
  load: async (page) => {
    const key = page.urls[0] ?? null;
    if (get().page === key) return;
    set({ page: key, alsoAt: undefined });
    const body = lookupBody(page);
    let alsoAt: AlsoAt | null = null;
    try {
      if (body) alsoAt = alsoAtOf((await v1().resolveProducts(body)).candidates, page);
    } catch {
      // An extra: without the catalog's answer the popup is what it was without the lookup.
    }
    if (get().page === key) set({ alsoAt });
  },
}));

/** The other merchants for the page at `url`: undefined until the catalog answered. */
export const useAlsoAt = (url: string) =>
  useAlsoAtStore((state) => (state.page === url ? state.alsoAt : undefined));
