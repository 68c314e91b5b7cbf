import type { ProductCandidate, ResolveProductsRequest } from '../../engine/contract';
import type { Extraction } from './types';

/** What a product page says its product is: what the catalog lookup asks and matches on. */
export interface PageProduct {
  /** The page's address and the one a watch names (its canonical URL on the same host). */
  urls: string[];
  /** The page's merchant id (host without www.): its offers are not "elsewhere". */
  merchant: string;
  currency: string | null;
  title: string | null;
  brand: string | null;
  gtin: string | null;
  mpn: string | null;
  sku: string | null;
}

/** Another merchant's offer of the page's product, as the catalog last saw it. */
export type OfferElsewhere = ProductCandidate['offers'][number];

/** The page's product in the catalog and the other merchants selling it. */
export interface AlsoAt {
  productId: string;
  name: string;
  /** In the page's currency (or not priced yet), cheapest first. */
  offers: OfferElsewhere[];
  /**
   * Whether the catalog holds an offer of this page's merchant: only then does a product_id
   * watch read this page too (a remote server learns a page from its feeds and its own watches).
   */
  hereListed: boolean;
}

const QUERY_MAX = 200;
const CODE_MAX = 64;
const LOOKUP_LIMIT = 5;

export function pageProductOf(
  urls: string[],
  merchant: string,
  extraction: Extraction,
): PageProduct {
  const offer = extraction.offer ?? extraction.offers[0] ?? null;
  return {
    urls: [...new Set(urls)],
    merchant,
    currency: offer?.currency ?? null,
    title: extraction.title ?? offer?.name ?? null,
    brand: extraction.brand,
    gtin: extraction.identifiers.gtin,
    mpn: extraction.identifiers.mpn,
    sku: extraction.identifiers.sku ?? offer?.sku ?? null,
  };
}

const digitsOf = (gtin: string) => gtin.replace(/[\s-]/g, '');
const code = (value: string | null) => {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= CODE_MAX ? trimmed : null;
};

/**
 * The resolve call for the page's product, or null when the page names nothing to look up. A
 * barcode goes as the query (one word: the catalog looks it up as an identifier, and a wrong check
 * digit finds nothing instead of failing the call); else the title. MPN and sku go as identifiers.
 */
export function lookupBody(page: PageProduct): ResolveProductsRequest | null {
  const gtin = page.gtin ? digitsOf(page.gtin) : null;
  const query = [gtin, page.title, page.mpn, page.sku]
    .map((text) => text?.trim().slice(0, QUERY_MAX).trim())
    .find(Boolean);
  if (!query) return null;
  const mpn = page.brand ? code(page.mpn) : null;
  const sku = code(page.sku);
  const identifiers = { ...(mpn ? { mpn } : {}), ...(sku ? { sku } : {}) };
  return {
    query,
    ...(Object.keys(identifiers).length ? { identifiers } : {}),
    limit: LOOKUP_LIMIT,
  };
}

/** As the catalog compares brands and MPNs: case, accents, and (for MPNs) separators ignored. */
const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
const mpnKey = (text: string) => fold(text).replace(/[\s\-./_]+/g, '');

/**
 * Whether a candidate is the page's product, by the catalog's own rule: the same GTIN, else the
 * same brand and MPN, else it already holds this page as an offer. Never by name.
 */
function isPageProduct(candidate: ProductCandidate, page: PageProduct): boolean {
  const gtin = candidate.identifiers.gtin;
  if (page.gtin && gtin && digitsOf(page.gtin).padStart(14, '0') === gtin.padStart(14, '0'))
    return true;
  const { brand, identifiers } = candidate;
  if (page.brand && page.mpn && brand && identifiers.mpn) {
    if (fold(page.brand) === fold(brand) && mpnKey(page.mpn) === mpnKey(identifiers.mpn))
      return true;
  }
  return candidate.offers.some((offer) => page.urls.includes(offer.url));
}

const byPrice = (a: OfferElsewhere, b: OfferElsewhere) =>
  (a.price_cents ?? Number.MAX_SAFE_INTEGER) - (b.price_cents ?? Number.MAX_SAFE_INTEGER) ||
  (a.merchant < b.merchant ? -1 : a.merchant > b.merchant ? 1 : 0);

/**
 * The other merchants of the page's product among the candidates, or null when there are none.
 * Offers in another currency are left out: no conversion, and the watch's currency is the page's.
 */
export function alsoAtOf(candidates: ProductCandidate[], page: PageProduct): AlsoAt | null {
  const elsewhere = (candidate: ProductCandidate) =>
    candidate.offers
      .filter((offer) => offer.merchant !== page.merchant)
      .filter((offer) => !offer.currency || !page.currency || offer.currency === page.currency)
      .sort(byPrice);
  let best: AlsoAt | null = null;
  for (const candidate of candidates) {
    if (!isPageProduct(candidate, page)) continue;
    const offers = elsewhere(candidate);
    if (offers.length > (best?.offers.length ?? 0))
      best = {
        productId: candidate.product_id,
        name: candidate.name,
        offers,
        hereListed: candidate.offers.some((offer) => offer.merchant === page.merchant),
      };
  }
  return best;
}
