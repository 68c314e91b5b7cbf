/**
 * extractProduct: every source read, the most trusted one with an offer wins, gaps filled from
 * the others, then the offer to act on chosen. Pure: the same HTML and URL give the same result.
 */
import { merchantIdOf } from '../util/merchant-id';
import { isBlockedPage } from './blocked';
import { parseHtml } from './dom';
import { enrichOffers } from './enrich';
import { jsonLdProduct } from './json-ld';
import { metaProduct, readMeta } from './meta';
import { microdataProduct } from './microdata';
import { readPage } from './page';
import { declaredCurrency } from './page-currency';
import { reconcileStock } from './page-stock';
import { rdfaProduct } from './rdfa';
import { selectOffer, variantOfUrl } from './select-offer';
import { textProduct, textTitle } from './text-heuristics';
import type {
  ExtractedOffer,
  Extraction,
  ExtractionSource,
  ExtractOptions,
  OfferData,
  ProductData,
} from './types';

const TRUST: Record<ExtractionSource, number> = {
  'json-ld': 0.95,
  microdata: 0.85,
  rdfa: 0.8,
  opengraph: 0.65,
  text: 0.4,
  none: 0,
};

function publicOffer({ gtin: _gtin, mpn: _mpn, ...offer }: OfferData): ExtractedOffer {
  return offer;
}

function firstOf<T>(...values: (T | null | undefined)[]): T | null {
  return values.find((v): v is T => v !== null && v !== undefined) ?? null;
}

function confidenceOf(
  source: ExtractionSource,
  offer: OfferData | null,
  ambiguous: boolean,
): number {
  let value = TRUST[source];
  if (ambiguous) value *= 0.8;
  if (offer && offer.price_cents === null) value -= 0.15;
  if (offer && offer.availability === 'unknown') value -= 0.1;
  return Math.max(0, Math.min(1, Math.round(value * 100) / 100));
}

export function extractProduct(
  html: string,
  pageUrl: string,
  options: ExtractOptions = {},
): Extraction {
  const doc = parseHtml(html);
  const meta = readMeta(doc);
  const page = readPage(doc, pageUrl, meta);
  const structured = [
    jsonLdProduct(doc, page),
    microdataProduct(doc, page),
    rdfaProduct(doc, page),
    metaProduct(meta, page),
  ].filter((p): p is ProductData => p !== null);
  let primary = structured.find((p) => p.offers.length > 0) ?? null;
  // The host we fetched from, never one the page names itself: allowed_merchants rests on it.
  const merchant = merchantIdOf(pageUrl);
  if (!primary && isBlockedPage(doc, page.titleTag)) {
    return {
      title: null,
      brand: null,
      category: null,
      image: null,
      canonical_url: page.canonicalUrl,
      identifiers: { gtin: null, mpn: null, sku: null },
      merchant,
      offers: [],
      offer: null,
      ambiguous: false,
      source: 'none',
      confidence: 0,
    };
  }
  if (!primary) {
    const fromText = textProduct(doc, { ...page, currency: declaredCurrency(doc, meta) });
    primary = fromText.offers.length > 0 ? fromText : null;
  }
  const offers = primary ? reconcileStock(enrichOffers(primary, structured, doc, page), doc) : [];
  const fromUrl = options.variant === undefined ? variantOfUrl(pageUrl) : undefined;
  const chosen = selectOffer(offers, options.variant ?? fromUrl);
  // A stale `?variant=` in the URL is a hint, not a request: fall back to the page's own answer.
  const { offer, ambiguous } = fromUrl && !chosen.offer ? selectOffer(offers, undefined) : chosen;
  const products = primary ? [primary, ...structured.filter((p) => p !== primary)] : structured;
  const source = primary?.source ?? structured[0]?.source ?? 'none';
  return {
    title: firstOf(...structured.map((p) => p.title), textTitle(doc), page.titleTag),
    brand: firstOf(...products.map((p) => p.brand)),
    category: firstOf(...products.map((p) => p.category)),
    image: firstOf(...products.map((p) => p.image)),
    canonical_url: page.canonicalUrl,
    identifiers: {
      gtin: firstOf(offer?.gtin, ...products.map((p) => p.identifiers.gtin)),
      mpn: firstOf(offer?.mpn, ...products.map((p) => p.identifiers.mpn)),
      sku: firstOf(offer?.sku, ...products.map((p) => p.identifiers.sku)),
    },
    merchant,
    offers: offers.map(publicOffer),
    offer: offer ? publicOffer(offer) : null,
    ambiguous,
    source,
    confidence: confidenceOf(source, offer, ambiguous),
  };
}
