import type { Availability } from '../vocabulary';

const WORDS: Record<string, Availability> = {
  instock: 'in_stock',
  available: 'in_stock',
  onlineonly: 'in_stock',
  limitedavailability: 'limited',
  limited: 'limited',
  instoreonly: 'in_store_only',
  preorder: 'preorder',
  presale: 'preorder',
  backorder: 'backorder',
  availablefororder: 'backorder',
  outofstock: 'out_of_stock',
  soldout: 'out_of_stock',
  oos: 'out_of_stock',
  discontinued: 'discontinued',
};

/**
 * A schema.org ItemAvailability (URL, CURIE or bare word, any case) or an OpenGraph
 * `product:availability` value as one of ours. Anything it does not know is `unknown`.
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
