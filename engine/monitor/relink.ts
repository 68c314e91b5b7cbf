import type { EngineContext } from '../context';
import { linkOffer, linksOfIntent, unlinkIntent } from '../intents/links';
import { ensureWatch } from '../intents/watch';
import { isTerminal } from '../machine/states';
import { applyTransition } from '../machine/apply';
import type { StoreTx } from '../ports';
import { offersOfProduct } from '../resolve/offers';
import { catalogModeOf } from '../schemas/catalog';
import type { IntentDoc } from '../schemas/intent-doc';
import type { ProductIntentDoc } from '../schemas/offer-link';
import { watchIdOf, type WatchDoc } from '../schemas/watch';
import { waitingFor } from './decide';

const WATCHING = new Set(['active', 'waiting']);

/**
 * Links product_id intents to the pages of their allowed catalog offers (intents/links.ts): first
 * in the round after create, then every `intervalMs`, so an offer the catalog gains later (a new
 * merchant) is watched within one check interval. An ended intent's links are removed. Returns
 * how many intents were looked at.
 */
export async function relinkDue(
  ctx: EngineContext,
  now: number,
  intervalMs: number,
  limit = 500,
): Promise<number> {
  const due = await ctx.store.query<ProductIntentDoc>('product_intents', {
    index: 'by_relink',
    prefix: [],
    range: { lte: now },
    limit,
  });
  for (const { intent_id } of due) {
    await ctx.store.transact((tx) => relinkOne(tx, ctx, intent_id, now, intervalMs));
  }
  return due.length;
}

async function relinkOne(
  tx: StoreTx,
  ctx: EngineContext,
  intentId: string,
  now: number,
  intervalMs: number,
) {
  const row = await tx.get<ProductIntentDoc>('product_intents', intentId);
  if (!row || row.relink_at > now) return; // another instance did it meanwhile
  const intent = await tx.get<IntentDoc>('intents', intentId);
  if (!intent || isTerminal(intent.status)) return unlinkIntent(tx, intentId);
  const mode = catalogModeOf(intent.livemode);
  const offers = (await offersOfProduct(tx, row.product_id)).filter((o) => o.mode === mode);
  const allowed = intent.guardrails.allowed_merchants ?? [];
  const wanted = offers.filter((o) => allowed.length === 0 || allowed.includes(o.merchant));
  const linked = new Set((await linksOfIntent(tx, intentId)).map((link) => link.watch_id));
  for (const offer of wanted) {
    const watchId = watchIdOf(offer.url, intent.livemode);
    if (!linked.has(watchId)) {
      await linkOffer(tx, intent, offer, now);
      linked.add(watchId);
    } else if (!(await tx.get<WatchDoc>('watches', watchId))?.linked) {
      // The page's watch was dropped (nobody watched it for a moment), or made again by a URL
      // intent without the flag that makes its checks decide for linked intents: watch it again.
      const page = { watch_id: watchId, url: offer.url, livemode: intent.livemode, variant: null };
      await ensureWatch(tx, page, now, { linked: true });
    }
  }
  if (linked.size === 0 && WATCHING.has(intent.status)) {
    const reason = offers.length > 0 ? 'MERCHANT_NOT_ALLOWED' : 'NO_OFFER';
    const decision = waitingFor(intent, reason, {}, {});
    if (decision) await applyTransition(tx, ctx, intentId, decision.trigger, decision.data);
  }
  await tx.put('product_intents', { ...row, relink_at: now + intervalMs });
}
