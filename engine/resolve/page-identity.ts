import type { Extraction } from '../extract/types';

/** What a product page says the product is: what the catalog matches and searches on. */
export interface PageIdentity {
  name: string;
  brand: string | null;
  category: string | null;
  image: string | null;
  gtin: string | null;
  mpn: string | null;
  sku: string | null;
}

const MAX_NAME = 300;

/** The identity of the product a page shows, or null when it names none (no title, no product). */
export function pageIdentity(extraction: Extraction): PageIdentity | null {
  const name = extraction.title?.trim();
  if (extraction.source === 'none' || !name) return null;
  return {
    name: name.slice(0, MAX_NAME),
    brand: extraction.brand,
    category: extraction.category,
    image: extraction.image,
    gtin: extraction.identifiers.gtin,
    mpn: extraction.identifiers.mpn,
    sku: extraction.identifiers.sku,
  };
}
