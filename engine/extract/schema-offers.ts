/**
 * schema.org Offer / AggregateOffer / PriceSpecification → OfferData.
 */
import { normalizeAvailability } from './availability';
import { isoCode } from './currency';
import { resolveUrl } from './dom';
import { structuredPrice, type ParsedPrice } from './price';
import {
  hasType,
  isNode,
  localName,
  scalarOf,
  textOfKey,
  urlValue,
  valuesOf,
  type Resolve,
  type SchemaNode,
} from './schema-node';
import type { ExtractionSource, OfferData } from './types';

/** What an offer inherits from the product or variant that carries it. */
export interface OfferDefaults {
  sku: string | null;
  name: string | null;
  url: string | null;
  gtin: string | null;
  mpn: string | null;
}

export interface OfferContext {
  source: ExtractionSource;
  base: string;
  resolve: Resolve;
}

const LIST_PRICE_TYPES = new Set([
  'listprice',
  'strikethroughprice',
  'msrp',
  'srp',
  'regularprice',
]);
const MAX_DEPTH = 4;

/** A GTIN-8/12/13/14 as digits; placeholders such as `n/a` are not GTINs. */
export function validGtin(value: string | null): string | null {
  const digits = (value ?? '').replace(/[\s-]/g, '');
  return /^(\d{8}|\d{12,14})$/.test(digits) ? digits : null;
}

export function gtinOf(node: SchemaNode): string | null {
  for (const key of ['gtin14', 'gtin13', 'gtin12', 'gtin8', 'gtin']) {
    const value = validGtin(textOfKey(node, key));
    if (value) return value;
  }
  return null;
}

function priceOf(node: SchemaNode, key: string, currency: string | null): ParsedPrice | null {
  const value = scalarOf(node, key);
  return value === null ? null : structuredPrice(value, currency);
}

/** `minPrice` as the price only when no different `maxPrice` makes it a range. */
function singleBound(spec: SchemaNode, currency: string | null): ParsedPrice | null {
  const min = priceOf(spec, 'minPrice', currency);
  const max = priceOf(spec, 'maxPrice', currency);
  return min && (!max || max.amount_minor === min.amount_minor) ? min : null;
}

/** Sale and list prices from `priceSpecification` (object or array). */
function specPrices(offer: SchemaNode, currency: string | null, resolve: Resolve) {
  let sale: ParsedPrice | null = null;
  let list: ParsedPrice | null = null;
  for (const spec of valuesOf(offer, 'priceSpecification', resolve)) {
    if (!isNode(spec)) continue;
    const specCurrency = isoCode(textOfKey(spec, 'priceCurrency')) ?? currency;
    const price = priceOf(spec, 'price', specCurrency) ?? singleBound(spec, specCurrency);
    if (!price) continue;
    const priceType = localName(textOfKey(spec, 'priceType') ?? '');
    if (LIST_PRICE_TYPES.has(priceType)) list ??= price;
    else sale ??= price;
  }
  return { sale, list };
}

function buildOffer(
  o: SchemaNode,
  price: ParsedPrice | null,
  list: ParsedPrice | null,
  defaults: OfferDefaults,
  ctx: OfferContext,
): OfferData {
  const currency = price?.currency ?? list?.currency ?? null;
  const listCents =
    list &&
    price &&
    list.amount_minor > price.amount_minor &&
    (list.currency ?? currency) === currency
      ? list.amount_minor
      : null;
  return {
    price_cents: price?.amount_minor ?? null,
    currency,
    availability: normalizeAvailability(textOfKey(o, 'availability') ?? ''),
    sku: textOfKey(o, 'sku') ?? defaults.sku,
    name: textOfKey(o, 'name') ?? defaults.name,
    url: resolveUrl(urlValue(valuesOf(o, 'url')), ctx.base) ?? defaults.url,
    list_price_cents: listCents,
    source: ctx.source,
    gtin: gtinOf(o) ?? defaults.gtin,
    mpn: textOfKey(o, 'mpn') ?? defaults.mpn,
  };
}

function fromOffer(o: SchemaNode, defaults: OfferDefaults, ctx: OfferContext): OfferData {
  const currency = isoCode(textOfKey(o, 'priceCurrency'));
  const spec = specPrices(o, currency, ctx.resolve);
  const price = priceOf(o, 'price', currency) ?? spec.sale;
  const withCurrency =
    price && !price.currency && spec.sale ? { ...price, currency: spec.sale.currency } : price;
  return buildOffer(o, withCurrency, spec.list, defaults, ctx);
}

/**
 * An AggregateOffer without its offers: one offer when low = high (or a price is given), else
 * both ends, or the one end and an unknown (ambiguous either way).
 */
function fromAggregate(o: SchemaNode, defaults: OfferDefaults, ctx: OfferContext): OfferData[] {
  const currency = isoCode(textOfKey(o, 'priceCurrency'));
  const low = priceOf(o, 'lowPrice', currency);
  const high = priceOf(o, 'highPrice', currency);
  const price = priceOf(o, 'price', currency);
  if (low && high && low.amount_minor !== high.amount_minor) {
    return [low, high].map((p) => buildOffer(o, p, null, { ...defaults, sku: null }, ctx));
  }
  // Only one end ("from $19"): a bound, not a price. Kept as an offer of unknown price beside
  // it, so that the page reads as ambiguous instead of as that price.
  if (!price && !(low && high) && (low ?? high)) {
    return [low ?? high, null].map((p) => buildOffer(o, p, null, { ...defaults, sku: null }, ctx));
  }
  return [
    buildOffer(o, price ?? low ?? high, specPrices(o, currency, ctx.resolve).list, defaults, ctx),
  ];
}

/** Every offer an item (Product, variant, AggregateOffer) carries in `offers`. */
export function offersOf(
  item: SchemaNode,
  defaults: OfferDefaults,
  ctx: OfferContext,
  depth = 0,
): OfferData[] {
  if (depth > MAX_DEPTH) return [];
  const out: OfferData[] = [];
  for (const o of valuesOf(item, 'offers', ctx.resolve)) {
    if (!isNode(o)) continue;
    if (hasType(o, 'aggregateoffer')) {
      const inner = offersOf(o, defaults, ctx, depth + 1);
      out.push(...(inner.length > 0 ? inner : fromAggregate(o, defaults, ctx)));
    } else {
      out.push(fromOffer(o, defaults, ctx));
    }
  }
  return out;
}
