/** OpenGraph and `product:` meta tags (`og:title`, `product:price:amount`, …). */
import { normalizeAvailability } from './availability';
import { isoCode } from './currency';
import { attr, byTag, resolveUrl, type Document } from './dom';
import { squash } from './normalize-text';
import { structuredPrice } from './price';
import { validGtin } from './schema-offers';
import type { PageContext, ProductData } from './types';

export type MetaTags = Map<string, string>;

/** `<meta property|name="…" content="…">`, keys lower case, the first of each kept. */
export function readMeta(doc: Document): MetaTags {
  const tags: MetaTags = new Map();
  for (const el of byTag(doc, 'meta')) {
    const key = (attr(el, 'property') ?? attr(el, 'name') ?? '').trim().toLowerCase();
    const content = attr(el, 'content');
    if (key && content !== null && !tags.has(key)) tags.set(key, squash(content));
  }
  return tags;
}

function pick(tags: MetaTags, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = tags.get(key);
    if (value) return value;
  }
  return null;
}

export function metaProduct(tags: MetaTags, page: PageContext): ProductData | null {
  const title = pick(tags, 'og:title', 'twitter:title');
  const currency = isoCode(
    pick(tags, 'product:price:currency', 'og:price:currency', 'product:sale_price:currency'),
  );
  const regular = pick(tags, 'product:price:amount', 'og:price:amount');
  const sale = pick(tags, 'product:sale_price:amount', 'og:sale_price:amount');
  const price = structuredPrice(sale ?? regular, currency);
  const list = structuredPrice(
    sale ? regular : pick(tags, 'product:original_price:amount', 'og:original_price:amount'),
    currency,
  );
  const availability = normalizeAvailability(
    pick(tags, 'product:availability', 'og:availability') ?? '',
  );
  const sku = pick(tags, 'product:retailer_item_id', 'product:sku');
  const url = resolveUrl(pick(tags, 'og:url'), page.pageUrl);
  if (!title && !price && availability === 'unknown') return null;
  const hasOffer = price !== null || availability !== 'unknown';
  return {
    source: 'opengraph',
    title,
    brand: pick(tags, 'product:brand', 'og:brand'),
    image: resolveUrl(
      pick(tags, 'og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image'),
      page.pageUrl,
    ),
    url,
    identifiers: {
      gtin: validGtin(pick(tags, 'product:gtin', 'product:ean', 'product:upc')),
      mpn: pick(tags, 'product:mfr_part_no', 'product:mpn'),
      sku,
    },
    offers: hasOffer
      ? [
          {
            price_cents: price?.amount_minor ?? null,
            currency: price?.currency ?? null,
            availability,
            sku,
            name: title,
            url,
            list_price_cents:
              list && price && list.amount_minor > price.amount_minor ? list.amount_minor : null,
            source: 'opengraph',
            gtin: null,
            mpn: null,
          },
        ]
      : [],
  };
}
