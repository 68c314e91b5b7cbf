import { useState } from 'react';
import type { AlsoAt } from '@/components/stores/also-at';
import type { CatalogChoice } from '@/components/stores/watch';

/** This page's offer, as the page shows it now. */
export interface HereOffer {
  merchant: string;
  url: string;
  price_cents: number | null;
  availability: string;
}

type Page = HereOffer;

const BUYABLE = new Set(['in_stock', 'limited']);

/** The lowest price among the pages, those in stock first: what "today's price" means for them. */
function referencePrice(pages: Page[]): number | null {
  const priced = pages.filter((page) => page.price_cents !== null);
  const inStock = priced.filter((page) => BUYABLE.has(page.availability));
  const prices = (inStock.length ? inStock : priced).map((page) => page.price_cents!);
  return prices.length ? Math.min(...prices) : null;
}

/**
 * Where the Watch form buys, from what the user ticked: this page only (the default), or the
 * catalog product at the ticked merchants of "Also at" and, unless unticked, here.
 */
export function whereToBuy(
  alsoAt: AlsoAt | null,
  here: HereOffer,
  ticked: Readonly<Record<string, boolean>>,
  includeHere: boolean,
) {
  const offers = alsoAt?.offers ?? [];
  const chosen = offers.filter((offer) => ticked[offer.merchant]);
  const several = alsoAt !== null && chosen.length > 0;
  const pages: Page[] = several ? [...(includeHere ? [here] : []), ...chosen] : [here];
  const catalog: CatalogChoice | null = several
    ? { productId: alsoAt.productId, pages: pages.map(({ merchant, url }) => ({ merchant, url })) }
    : null;
  return {
    offers,
    here,
    /** Whether other merchants are chosen: the watch is then a product_id intent. */
    several,
    includeHere,
    /** Whether the catalog has this page's offer (else the watch covers it once it does). */
    hereListed: alsoAt?.hereListed ?? false,
    /** The chosen pages (this one alone by default). */
    pages,
    shops: pages.map((page) => page.merchant),
    /** Today's price of the choice: what the price-drop target and "today's price" start from. */
    priceMinor: several ? referencePrice(pages) : here.price_cents,
    catalog,
  };
}

/** whereToBuy with the ticks kept as state. */
export function useWhereToBuy(alsoAt: AlsoAt | null, here: HereOffer) {
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const [includeHere, setIncludeHere] = useState(true);
  return {
    ...whereToBuy(alsoAt, here, ticked, includeHere),
    setIncludeHere,
    isTicked: (merchant: string) => Boolean(ticked[merchant]),
    tick: (merchant: string, on: boolean) =>
      setTicked((current) => ({ ...current, [merchant]: on })),
  };
}

export type WhereToBuy = ReturnType<typeof useWhereToBuy>;
