import type { Availability } from '../vocabulary';

/** `test` or `live`: the catalog is kept apart per mode, like watches (test pages never reach live). */
export type CatalogMode = 'test' | 'live';

export interface ProductIdentifiers {
  gtin: string | null;
  upc: string | null;
  ean: string | null;
  mpn: string | null;
  sku: string | null;
}

/** One canonical product (`prod_…`), whoever sells it. Offers are rows of `catalog_offers`. */
export interface CatalogProductDoc {
  [field: string]: unknown;
  product_id: string;
  mode: CatalogMode;
  name: string;
  brand: string | null;
  identifiers: ProductIdentifiers;
  image: string | null;
  category: string | null;
  /** Match key: the GTIN-14 of gtin/upc/ean, or null. Two pages with one key are one product. */
  gtin_key: string | null;
  /** Match key when no GTIN: `brand|mpn`, normalised; null without both (never by name alone). */
  mpn_key: string | null;
  created_at: string;
  updated_at: string;
}

/** One merchant's offer of a catalog product: the page to watch and what it said last. */
export interface CatalogOfferDoc {
  [field: string]: unknown;
  /** `<product_id> <merchant>`: one offer per product and merchant. */
  offer_id: string;
  product_id: string;
  mode: CatalogMode;
  /** merchantIdOf(host), as in allowed_merchants. */
  merchant: string;
  url: string;
  /** The merchant's own item id (what its checkout asks for), when known. */
  sku: string | null;
  price_cents: number | null;
  currency: string | null;
  availability: Availability;
  observed_at: string;
}

export function catalogModeOf(livemode: boolean): CatalogMode {
  return livemode ? 'live' : 'test';
}

export function offerIdOf(productId: string, merchant: string): string {
  return `${productId} ${merchant}`;
}
