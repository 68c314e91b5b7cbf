import type { Availability } from '../vocabulary';

// prettier-ignore
const WORDS: Record<string, Availability> = {
  instock: 'in_stock', available: 'in_stock', onlineonly: 'in_stock',
  limitedavailability: 'limited', limited: 'limited', limitedstock: 'limited', lowstock: 'limited',
  instoreonly: 'in_store_only',
  preorder: 'preorder', presale: 'preorder', presell: 'preorder',
  backorder: 'backorder', backordered: 'backorder', availablefororder: 'backorder',
  madetoorder: 'backorder',
  outofstock: 'out_of_stock', soldout: 'out_of_stock', oos: 'out_of_stock', unavailable: 'out_of_stock',
  notavailable: 'out_of_stock', nostock: 'out_of_stock', notinstock: 'out_of_stock',
  discontinued: 'discontinued',
};

/**
 * A schema.org ItemAvailability (URL, CURIE or bare word, any case) or an OpenGraph or feed
 * `availability` value (`in stock`, `OUT_OF_STOCK`, `UNAVAILABLE`, `LOW_STOCK`) as one of ours.
 * Anything it does not know is `unknown`.
 */
export function normalizeAvailability(value: string): Availability {
  if (typeof value !== 'string') return 'unknown';
  const word = value
    .trim()
    .replace(/[/#]+$/, '')
    .replace(/^.*[/#:]/, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  return WORDS[word] ?? 'unknown';
}
