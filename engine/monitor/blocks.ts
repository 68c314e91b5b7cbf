/** What a refused checkout left behind: on the intent (a product_url) or on one offer's link. */
export interface Refusals {
  blocked_at_price_cents?: number | null;
  blocked_until_ms?: number | null;
}

/**
 * Whether an earlier refusal still keeps the monitor from trying this offer: a checkout refused
 * this price (over a limit once shipping and tax were added, or declined) waits for a lower one;
 * one refused for stock waits a while, whatever the page says.
 */
export function stillRefused(memory: Refusals, price: number | null, now: number): boolean {
  const blocked = memory.blocked_at_price_cents;
  const priceBlocked =
    blocked !== null && blocked !== undefined && price !== null && price >= blocked;
  return priceBlocked || (memory.blocked_until_ms ?? 0) > now;
}
