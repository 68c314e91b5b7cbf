/**
 * The currency a shop declares for the whole page, outside any offer: its store settings in
 * script state (`Shopify.currency = {"active":"NZD"}`, `"currencyCode":"SGD"` in `__NEXT_DATA__`,
 * `currency: 'EUR'` in the `__INITIAL_STATE__` global) and `product:price:currency` meta tags. It
 * resolves a shared sign such as `$` on a page whose visible prices name no currency: a store set
 * to NZD is never read as USD. Declarations that disagree declare nothing.
 */
import { textContent } from 'domutils';
import { isoCode } from './currency';
import { attr, findElements, type Document } from './dom';
import type { MetaTags } from './meta';

const KEYS =
  'currency|currencyCode|currency_code|currencyIsoCode|shopCurrency|storeCurrency|activeCurrency|' +
  'defaultCurrency|baseCurrency|presentmentCurrency|priceCurrency';
const DECLARATION = new RegExp(
  `["']?\\b(?:${KEYS})["']?\\s*[:=]\\s*(?:\\{\\s*["']?active["']?\\s*:\\s*)?["']([A-Z]{3})["']`,
  'g',
);
/** Store state sits in the first scripts of a page; a megabyte more is bundles, not settings. */
const MAX_SCRIPT_TEXT = 1_000_000;

function scriptTexts(doc: Document): string[] {
  const scripts = findElements(
    doc,
    (el) => el.name === 'script' && !attr(el, 'src') && !/ld\+json/i.test(attr(el, 'type') ?? ''),
  );
  const texts: string[] = [];
  let length = 0;
  for (const script of scripts) {
    const text = textContent(script);
    if (length + text.length > MAX_SCRIPT_TEXT) break;
    texts.push(text);
    length += text.length;
  }
  return texts;
}

export function declaredCurrency(doc: Document, meta: MetaTags): string | undefined {
  const codes = new Set<string>();
  for (const key of ['product:price:currency', 'og:price:currency']) {
    const code = isoCode(meta.get(key));
    if (code) codes.add(code);
  }
  for (const text of scriptTexts(doc)) {
    for (const m of text.matchAll(DECLARATION)) {
      const code = isoCode(m[1]);
      if (code) codes.add(code);
    }
  }
  return codes.size === 1 ? [...codes][0] : undefined;
}
