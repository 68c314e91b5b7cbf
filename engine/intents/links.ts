import type { StoreReader, StoreTx } from '../ports';
import type { IntentDoc } from '../schemas/intent-doc';
import { linkIdOf, type OfferLinkDoc, type ProductIntentDoc } from '../schemas/offer-link';
import { watchIdOf } from '../schemas/watch';
import { ensureWatch } from './watch';

/**
 * A product intent is watched through links (table intent_watches), one per allowed offer: the
 * store has no array index, and a URL intent's single `watch_id` stays as fast as it was. Links are
 * made by the monitor (monitor/relink.ts), which reads the catalog: due at once after create.
 */
export async function registerProductIntent(tx: StoreTx, intent: IntentDoc, now: number) {
  const productId = intent.objective.product?.product_id;
  if (!productId) return;
  const doc: ProductIntentDoc = {
    intent_id: intent.intent_id,
    product_id: productId,
    livemode: intent.livemode,
    relink_at: now,
  };
  await tx.put('product_intents', doc);
}

/** Every offer a product intent watches. */
export const linksOfIntent = (reader: StoreReader, intentId: string) =>
  reader.query<OfferLinkDoc>('intent_watches', { index: 'by_intent', prefix: [intentId] });

/** Every product intent watching a page through a link. */
export const linksOfWatch = (reader: StoreReader, watchId: string) =>
  reader.query<OfferLinkDoc>('intent_watches', { index: 'by_watch', prefix: [watchId] });

/**
 * Links a product intent to an offer's page: the same watch a URL intent on that page uses (one
 * fetch per URL for everyone), due now unless it is backing off.
 */
export async function linkOffer(
  tx: StoreTx,
  intent: IntentDoc,
  offer: { merchant: string; url: string; sku: string | null },
  now: number,
): Promise<OfferLinkDoc> {
  const watchId = watchIdOf(offer.url, intent.livemode);
  await ensureWatch(
    tx,
    { watch_id: watchId, url: offer.url, livemode: intent.livemode, variant: null },
    now,
    { linked: true },
  );
  const link: OfferLinkDoc = {
    link_id: linkIdOf(intent.intent_id, watchId),
    intent_id: intent.intent_id,
    watch_id: watchId,
    merchant: offer.merchant,
    url: offer.url,
    sku: offer.sku,
    last_checkout: null,
    blocked_at_price_cents: null,
    blocked_reason: null,
    blocked_until_ms: null,
  };
  await tx.put('intent_watches', link);
  return link;
}

/** Forgets a product intent's links and schedule (it ended). */
export async function unlinkIntent(tx: StoreTx, intentId: string) {
  for (const link of await linksOfIntent(tx, intentId)) {
    await tx.delete('intent_watches', link.link_id);
  }
  await tx.delete('product_intents', intentId);
}
