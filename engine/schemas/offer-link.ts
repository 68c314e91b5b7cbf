import type { WaitingReason } from '../vocabulary';

/**
 * One offer a product intent (`objective.product.product_id`) watches: the link between the intent
 * and the watch of one allowed catalog offer's page (the watch a URL intent on that page shares),
 * with what buying there taught the engine. Refusals are remembered per offer, so a checkout
 * refused at one merchant never blocks another.
 */
export interface OfferLinkDoc {
  [field: string]: unknown;
  /** `<intent_id> <watch_id>` (linkIdOf). */
  link_id: string;
  intent_id: string;
  watch_id: string;
  /** The catalog's merchant id of the offer (as in allowed_merchants). */
  merchant: string;
  url: string;
  /** The merchant's item id from the catalog, when the page names none. */
  sku: string | null;
  /**
   * What the last checkout here cost (items and shipping, without tax; its shipping apart) while
   * the page showed `at_price_cents`, and when (`at_ms`). For a day the choice counts that cost
   * while the page shows that price (a page behind its checkout is compared as charged), and the
   * page's price plus that shipping at any other price (monitor/choose.ts costOf).
   */
  last_checkout?: {
    cost_cents: number;
    shipping_cents: number;
    at_price_cents: number | null;
    /** When that checkout stated it; absent on links written before it was kept: too old. */
    at_ms?: number;
  } | null;
  /** A checkout here was refused at this price (over a limit, declined): not again until less. */
  blocked_at_price_cents?: number | null;
  blocked_reason?: WaitingReason | null;
  /** A checkout here was refused for stock: not tried again before this time. */
  blocked_until_ms?: number | null;
}

/** A watching product intent, and when the monitor next compares its links with the catalog. */
export interface ProductIntentDoc {
  [field: string]: unknown;
  intent_id: string;
  product_id: string;
  livemode: boolean;
  relink_at: number;
}

export const linkIdOf = (intentId: string, watchId: string) => `${intentId} ${watchId}`;

/** What another offer would cost when the chosen one was bought (choose.ts costOf). */
export interface OfferCost {
  merchant: string;
  watch_id: string;
  cost_cents: number;
}

/** The offer a product intent's attempt buys, as the monitor chose it. */
export interface ChosenOffer {
  link_id: string;
  /** The catalog's sku, used when the page names none. */
  sku: string | null;
  /** The page's unit price when chosen: what the checkout cost is remembered for it. */
  price_cents: number | null;
  /** The other offers whose conditions held then, cheapest first. */
  alternatives: OfferCost[];
}
