import { quantityOf } from '../intents/quantity';
import type { Observation } from '../schemas/intent';
import type { IntentDoc } from '../schemas/intent-doc';
import type { OfferLinkDoc } from '../schemas/offer-link';
import type { Strategy, WaitingReason } from '../vocabulary';
import { stillRefused } from './blocks';
import { evaluate } from './conditions';

/** One offer of a product_id intent as the monitor knows it: its link and its page's last read. */
export interface OfferState {
  link: OfferLinkDoc;
  observation: Observation | null;
  ambiguous: boolean;
  /** Consecutive failed checks of its page. */
  failures: number;
  lastError: string | null;
}

interface Holding {
  state: 'holds';
  offer: OfferState & { observation: Observation };
  cost: number | null;
}
interface Unmet {
  state: 'unmet';
  offer: OfferState;
  cost: number | null;
  reason: WaitingReason;
  /** How far the offer got through the checks (STAGES): the best offer got furthest. */
  stage: number;
}
export type Judged = { state: 'pending'; offer: OfferState; cost: null } | Holding | Unmet;

export type Choice =
  | { kind: 'buy'; chosen: Holding; others: Holding[] }
  | { kind: 'wait'; best: Unmet }
  /** Some offer is not known now (pending); `focus` is the best offer so far. */
  | { kind: 'undecided'; focus: Judged | null };

/**
 * The order in which conditions.ts evaluates an offer, a failed page first: an offer unmet at a
 * later stage came closer to being bought. A refused checkout comes after them all.
 */
const STAGES: readonly (readonly WaitingReason[])[] = [
  ['OBSERVATION_FAILED'],
  ['MERCHANT_NOT_ALLOWED'],
  ['AMBIGUOUS_OFFER'],
  ['OUT_OF_STOCK', 'PREORDER', 'BACKORDER', 'DISCONTINUED', 'IN_STORE_ONLY', 'STOCK_UNKNOWN'],
  ['CURRENCY_MISMATCH', 'PRICE_UNKNOWN'],
  ['PRICE_ABOVE_LIMIT'],
  ['TOTAL_ABOVE_LIMIT'],
  ['OUTSIDE_TIME_WINDOW'],
];
const REFUSED_STAGE = STAGES.length;
const stageOf = (reason: WaitingReason) => STAGES.findIndex((stage) => stage.includes(reason));

/**
 * How long what a checkout stated stands for its offer. Its shipping is counted at every price the
 * page shows meanwhile, so a page whose price moves needs no checkout per price to be compared as
 * charged. Past a day it is forgotten: shipping rates change, and an offer that an old figure made
 * look dearer would never be tried again to learn the new one.
 */
export const CHECKOUT_MEMORY_MS = 24 * 60 * 60 * 1000;

/**
 * What an offer costs for the choice: the items at the page's price; once a checkout there has
 * stated its shipping (within CHECKOUT_MEMORY_MS), what that checkout cost while the page shows
 * the price it showed then, else the items plus that shipping. Tax is left out: it is not known
 * before a checkout and follows the price. Null without a price.
 */
export function costOf(offer: OfferState, quantity: number, now: number): number | null {
  const price = offer.observation?.price_cents ?? null;
  if (price === null) return null;
  const known = offer.link.last_checkout;
  if (!known || now - (known.at_ms ?? -Infinity) > CHECKOUT_MEMORY_MS) return price * quantity;
  return known.at_price_cents === price
    ? known.cost_cents
    : price * quantity + known.shipping_cents;
}

/**
 * Whether one offer can be bought now (CONTRACT §9), and if not, why. `impatient`: the choice has
 * waited long enough for pages that fail (decide-product.ts); one that failed its latest check is
 * then ruled out as if it had failed past the threshold.
 */
export function judgeOffer(
  intent: IntentDoc,
  offer: OfferState,
  now: number,
  failureThreshold: number,
  impatient = false,
): Judged {
  const cost = costOf(offer, quantityOf(intent), now);
  const unmet = (reason: WaitingReason, stage = stageOf(reason)): Unmet => ({
    state: 'unmet',
    offer,
    cost,
    reason,
    stage,
  });
  if (offer.failures >= failureThreshold || (impatient && offer.failures > 0))
    return unmet('OBSERVATION_FAILED');
  const { observation } = offer;
  // Never read, or its latest check failed (a URL intent decides nothing then either): not known
  // now, so neither bought on an older read nor ruled out; lowest_price waits for it.
  if (!observation || offer.failures > 0) return { state: 'pending', offer, cost: null };
  const verdict = evaluate(intent, observation, now, offer.ambiguous);
  if (!verdict.holds) return unmet(verdict.reason);
  if (stillRefused(offer.link, observation.price_cents, now)) {
    return unmet(offer.link.blocked_reason ?? 'PRICE_ABOVE_LIMIT', REFUSED_STAGE);
  }
  return { state: 'holds', offer: { ...offer, observation }, cost };
}

const AVAILABILITY_RANK: Partial<Record<Observation['availability'], number>> = {
  in_stock: 0,
  limited: 1,
};

/** Cheaper first (an unknown price last), then better stock, then by merchant id (stable). */
export function cheaperFirst(a: Judged, b: Judged): number {
  const cost = (a.cost ?? Infinity) - (b.cost ?? Infinity);
  if (cost !== 0 && !Number.isNaN(cost)) return cost;
  const stock = (j: Judged) =>
    AVAILABILITY_RANK[j.offer.observation?.availability ?? 'unknown'] ?? 2;
  return stock(a) - stock(b) || a.offer.link.merchant.localeCompare(b.offer.link.merchant);
}

/**
 * Chooses among a product_id intent's offers (conditions.strategy): `lowest_price` buys the
 * cheapest offer whose conditions hold, once every offer has been read at its latest check (or
 * has failed past the threshold), so the first page read does not win by arriving first; `earliest_available` buys
 * as soon as one holds (the cheapest of those that hold then). None holds: once every offer was
 * read, wait with the reason of the offer that came closest (the latest stage, then the cheapest).
 */
export function chooseOffer(judged: Judged[], strategy: Strategy): Choice {
  const holding = judged.filter((j): j is Holding => j.state === 'holds').sort(cheaperFirst);
  const pending = judged.some((j) => j.state === 'pending');
  const [cheapest, ...others] = holding;
  if (cheapest) {
    if (strategy === 'lowest_price' && pending) return { kind: 'undecided', focus: cheapest };
    return { kind: 'buy', chosen: cheapest, others };
  }
  const [best] = judged
    .filter((j): j is Unmet => j.state === 'unmet')
    .sort((a, b) => b.stage - a.stage || cheaperFirst(a, b));
  // A reason is told once every offer was read: the first page read must not set it alone.
  if (!best || pending) return { kind: 'undecided', focus: best ?? null };
  return { kind: 'wait', best };
}

/**
 * The intent's last_observation: the focus offer's (chosen, or closest), naming the others as
 * they were last read. Null when the focus has not been read yet (the intent keeps what it had).
 */
export function shownObservation(focus: Judged | null, judged: Judged[]): Observation | null {
  const observation = focus?.offer.observation;
  if (!observation) return null;
  const others = judged
    .filter((j) => j !== focus && j.offer.observation)
    .map((j) => j.offer.observation!)
    .map(({ merchant, price_cents, currency, availability, observed_at }) => ({
      merchant,
      price_cents,
      currency,
      availability,
      observed_at,
    }))
    .sort((a, b) => (a.merchant ?? '').localeCompare(b.merchant ?? ''));
  return { ...observation, other_offers: others };
}
