import type { Intent } from '../stores/types';
import { formatMoney } from './money';

type Observation = NonNullable<Intent['last_observation']>;
/** One merchant's offer as a product_id watch last read it. */
export type SeenOffer = Omit<Observation, 'other_offers' | 'source' | 'inventory'>;

/** A watch of a catalog product (a product_id intent) rather than of one page. */
export const isCatalogWatch = (intent: Pick<Intent, 'objective'>) =>
  Boolean(intent.objective?.product?.product_id);

const MERCHANT_ORDER = (a: SeenOffer, b: SeenOffer) =>
  (a.merchant ?? '').localeCompare(b.merchant ?? '');

/**
 * Offers in `currency` with a price first, cheapest first; then the rest (no price, or another
 * currency) by merchant.
 */
export function cheapestFirst<T extends SeenOffer>(offers: T[], currency?: string | null): T[] {
  const comparable = (offer: SeenOffer) =>
    offer.price_cents !== null && (!currency || offer.currency === currency);
  return [...offers].sort(
    (a, b) =>
      Number(comparable(b)) - Number(comparable(a)) ||
      (comparable(a) ? a.price_cents! - b.price_cents! : 0) ||
      MERCHANT_ORDER(a, b),
  );
}

/**
 * A product_id watch's offers as last read (the one chosen, or closest to holding, and the
 * others), cheapest first in the watch's currency. Empty for a watch of one page.
 */
export function offersSeen(intent: Pick<Intent, 'last_observation' | 'conditions'>): SeenOffer[] {
  const seen = intent.last_observation;
  if (!seen?.other_offers) return [];
  const { other_offers: others, source: _source, inventory: _inventory, ...chosen } = seen;
  return cheapestFirst([chosen, ...others], intent.conditions?.currency);
}

/** "localhost $95.00": a merchant and its price. */
export const offerWords = (offer: SeenOffer) =>
  `${offer.merchant ?? 'a shop'} ${formatMoney(offer.price_cents, offer.currency)}`;

/**
 * A watch at several shops: where it was bought, or which shop is cheapest now and the others
 * ("Cheapest now: localhost $95.00 · also 127.0.0.1 $110.00"), or, before any check, the shops.
 */
export function offersLine(
  intent: Pick<
    Intent,
    'objective' | 'status' | 'latest_execution' | 'last_observation' | 'conditions' | 'guardrails'
  >,
): string | null {
  if (!isCatalogWatch(intent)) return null;
  const bought = intent.latest_execution?.merchant;
  if (intent.status === 'succeeded' && bought) return `Bought at ${bought}`;
  const [cheapest, ...others] = offersSeen(intent);
  if (cheapest) {
    const also = others.slice(0, 2).map(offerWords).join(', ');
    return `Cheapest now: ${offerWords(cheapest)}${also ? ` · also ${also}` : ''}`;
  }
  const shops = intent.guardrails?.allowed_merchants;
  return shops?.length ? `At any of ${shops.join(', ')}` : null;
}
