import type { Availability, FacilityKind } from '../vocabulary';

/** `test` or `live`: the catalog is kept apart per mode, like watches (test pages never reach live). */
export type CatalogMode = 'test' | 'live';

export interface ProductIdentifiers {
  /** GTIN-14 (check digit verified) of whichever of gtin/upc/ean was seen. */
  gtin: string | null;
  /** The 12-digit UPC-A, when the GTIN is one. */
  upc: string | null;
  /** The 13-digit EAN, when the GTIN is one (a UPC is an EAN with a leading 0). */
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
  /** Merchant ids with an offer of it, sorted: the search filters on them without reading offers. */
  merchant_coverage: string[];
  created_at: string;
  /** Changes when the product's identity or coverage does (not on price updates): the index polls it. */
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

/** What a venue or facility is, as a source gives it: a place run by a provider. */
export interface PlaceFacts {
  provider: string;
  name: string;
  address: string;
  city: string;
  region: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  lat: number;
  lng: number;
  /** The provider's own id of the place, when the source gave one. */
  external_id: string | null;
}

/** What venues and facilities share: findable by name, city and position. */
interface PlaceFields extends PlaceFacts {
  [field: string]: unknown;
  /** `provider|external_id`, else `provider|name|address|city|country` folded: re-imports match it. */
  match_key: string;
  created_at: string;
  updated_at: string;
}

/** A bookable venue (`ven_…`): a restaurant, a court, a salon… (reservations: not in v1). */
export interface VenueDoc extends PlaceFields {
  venue_id: string;
}

/** An appointment facility (`fac_…`): a passport office, a DMV… */
export interface FacilityDoc extends PlaceFields {
  facility_id: string;
  kinds: FacilityKind[];
}

export function catalogModeOf(livemode: boolean): CatalogMode {
  return livemode ? 'live' : 'test';
}

export function offerIdOf(productId: string, merchant: string): string {
  return `${productId} ${merchant}`;
}
