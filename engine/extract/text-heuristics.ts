/**
 * The product as a page without structured data shows it: title from the heading, price and
 * stock from the visible text. The least trusted source.
 */
import { textOf, type Document } from './dom';
import { visibleStock } from './page-stock';
import { titleElement } from './product-anchors';
import { findTextPrices } from './text-price';
import type { PageContext, ProductData } from './types';

/** `#productTitle`, else the first `<h1>` outside navigation and related blocks. */
export function textTitle(doc: Document): string | null {
  const heading = titleElement(doc);
  return heading ? textOf(heading) || null : null;
}

export function textProduct(doc: Document, page: PageContext): ProductData {
  const prices = findTextPrices(doc, { locale: page.locale, currency: page.currency });
  const availability = visibleStock(doc);
  const title = textTitle(doc);
  const hasOffer = prices.current !== null || availability !== 'unknown';
  return {
    source: 'text',
    title,
    image: null,
    url: null,
    identifiers: { gtin: null, mpn: null, sku: null },
    offers: hasOffer
      ? [
          {
            price_cents: prices.current?.amount_minor ?? null,
            currency: prices.current?.currency ?? null,
            availability,
            sku: null,
            name: title,
            url: page.canonicalUrl ?? page.pageUrl,
            list_price_cents: prices.list?.amount_minor ?? null,
            source: 'text',
            gtin: null,
            mpn: null,
          },
        ]
      : [],
  };
}
