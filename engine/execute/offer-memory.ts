import { makeDue } from '../intents/watch';
import type { Checkout, StoreTx } from '../ports';
import type { ExecutionDoc } from '../schemas/execution';
import type { IntentDoc } from '../schemas/intent-doc';
import type { OfferLinkDoc } from '../schemas/offer-link';

/**
 * A product_id intent's checkout states its shipping. When what it costs (items and shipping;
 * tax is left out, as in the choice) is above another offer that held when this one was chosen
 * (that offer's price, plus its shipping when a checkout there told it), the attempt is abandoned
 * before any payment. Null: this offer is the cheapest known.
 */
export function cheaperElsewhere(exec: ExecutionDoc, checkout: Checkout) {
  const [cheapest] = [...(exec.offer?.alternatives ?? [])].sort(
    (a, b) => a.cost_cents - b.cost_cents,
  );
  const cost = costOfCheckout(checkout);
  if (!cheapest || cost <= cheapest.cost_cents) return null;
  return {
    cost_cents: cost,
    cheaper_offer: { merchant: cheapest.merchant, cost_cents: cheapest.cost_cents },
  };
}

/**
 * Sessions whose totals are what the merchant would charge. One not ready to pay (out of stock, a
 * buyer detail missing) may leave shipping, or the items, out of its totals: it teaches no cost.
 */
const PAYABLE: ReadonlySet<Checkout['status']> = new Set(['ready', 'authentication_required']);

/** What a checkout costs, compared with the offers' costs: items and shipping, without tax. */
const costOfCheckout = (checkout: Checkout) =>
  checkout.totals.total_cents - checkout.totals.tax_cents;

/**
 * An attempt of a product_id intent that ends without buying keeps what it learnt on the chosen
 * offer's link, not on the intent: a refusal there (its price, its stock) must not block another
 * merchant, and what a checkout ready to pay cost with shipping is that offer's cost (choose.ts).
 * The cheapest other offer's page is then due now, so the next choice comes at once (after
 * CHEAPER_ELSEWHERE, or a refusal or a failure that blocks this offer).
 * Returns the intent's patch without the refusal (all of it for an intent on one product_url).
 */
export async function keepOfferMemory(
  tx: StoreTx,
  exec: ExecutionDoc,
  patch: Partial<IntentDoc>,
  now: number,
): Promise<Partial<IntentDoc>> {
  if (!exec.offer || !('blocked_reason' in patch)) return patch;
  const { blocked_at_price_cents, blocked_reason, blocked_until_ms, ...rest } = patch;
  const link = await tx.get<OfferLinkDoc>('intent_watches', exec.offer.link_id);
  if (link) {
    await tx.put('intent_watches', {
      ...link,
      blocked_at_price_cents: blocked_at_price_cents ?? null,
      blocked_reason: blocked_reason ?? null,
      blocked_until_ms: blocked_until_ms ?? null,
      ...(exec.checkout && PAYABLE.has(exec.checkout.status)
        ? {
            last_checkout: {
              cost_cents: costOfCheckout(exec.checkout),
              shipping_cents: exec.checkout.totals.shipping_cents,
              at_price_cents: exec.offer.price_cents,
              at_ms: now,
            },
          }
        : {}),
    });
  }
  // The next choice comes at once: this offer is blocked now, or dearer than the cheapest other.
  const [cheapest] = [...exec.offer.alternatives].sort((a, b) => a.cost_cents - b.cost_cents);
  if (cheapest) await makeDue(tx, cheapest.watch_id, now);
  return rest;
}
