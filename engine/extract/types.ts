import type { Availability, EXTRACTION_SOURCES } from '../vocabulary';

export type ExtractionSource = (typeof EXTRACTION_SOURCES)[number];

export interface ExtractedOffer {
  /** Integer minor units per the ISO 4217 exponent (USD cents, JPY yen, KWD fils). */
  price_cents: number | null;
  /** ISO 4217, upper case. */
  currency: string | null;
  /** `unknown` when the page does not say. */
  availability: Availability;
  sku: string | null;
  name: string | null;
  url: string | null;
  /** The struck-through / regular price shown next to a sale price. */
  list_price_cents: number | null;
  source: ExtractionSource;
}

export interface Identifiers {
  gtin: string | null;
  mpn: string | null;
  sku: string | null;
}

export interface Extraction {
  title: string | null;
  /** schema.org `brand` (a name or a Brand/Organization's name), or `product:brand`. */
  brand: string | null;
  /** schema.org `category` as written (a path such as `Audio > Headphones`, or a taxonomy id). */
  category: string | null;
  image: string | null;
  canonical_url: string | null;
  identifiers: Identifiers;
  /** merchantIdOf(host of canonical_url ?? pageUrl). */
  merchant: string | null;
  /** Every offer or variant found. */
  offers: ExtractedOffer[];
  /** The offer to act on: the requested variant, the only one, or null when ambiguous. */
  offer: ExtractedOffer | null;
  /** Several offers differing in price or availability and no variant chosen. */
  ambiguous: boolean;
  source: ExtractionSource;
  /** 0..1: JSON-LD highest, visible-text heuristics lowest. */
  confidence: number;
}

export interface ExtractOptions {
  /** A variant's sku, or text its name or URL contains (case-insensitive). */
  variant?: string;
}

/** An offer as read, with the variant's own identifiers (dropped from the public result). */
export interface OfferData extends ExtractedOffer {
  gtin: string | null;
  mpn: string | null;
}

/** What one source says about the product on the page. */
export interface ProductData {
  source: ExtractionSource;
  title: string | null;
  brand?: string | null;
  category?: string | null;
  image: string | null;
  url: string | null;
  identifiers: Identifiers;
  offers: OfferData[];
}

/** Facts about the page every source needs. */
export interface PageContext {
  pageUrl: string;
  canonicalUrl: string | null;
  locale: string | undefined;
  /** The page's <title>: tells the page's product from others listed beside it. */
  titleTag?: string | null;
  /** The currency the shop declares for the page (store settings, meta), if one. */
  currency?: string;
}
