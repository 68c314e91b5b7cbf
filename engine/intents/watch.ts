import type { StoreReader, StoreTx } from '../ports';
import type { WatchDoc } from '../schemas/watch';
import { insertIfAbsent } from '../store/insert-if-absent';

/**
 * Makes sure the watch exists and is due now — or, for a page fetched moments ago, once its
 * politeness floor passes (`not_before`: many intents are created on popular pages) — unless it
 * is backing off after failures. `linked`: a product intent watches it through a link (links.ts),
 * which the monitor then looks up.
 */
export async function ensureWatch(
  tx: StoreTx,
  watch: { watch_id: string; url: string; livemode: boolean; variant: string | null },
  now: number,
  { linked = false } = {},
): Promise<void> {
  const existing = await insertIfAbsent(tx, 'watches', watch.watch_id, () =>
    newWatchDoc(watch, now, linked),
  );
  if (!existing) return;
  const due = dueNow(existing, now, true);
  const link = linked && !existing.linked;
  if (due || link) {
    await tx.put('watches', { ...existing, ...due, ...(link ? { linked: true } : {}) });
  }
}

/** A page's watch as an intent on it makes one: due now, never checked. */
export function newWatchDoc(
  watch: { watch_id: string; url: string; livemode: boolean; variant: string | null },
  now: number,
  linked = false,
): WatchDoc {
  // Field by field, not `...watch` and ten more: see util/with-fields.ts (15 µs a create).
  return {
    watch_id: watch.watch_id,
    url: watch.url,
    livemode: watch.livemode,
    variant: watch.variant,
    ...(linked ? { linked: true } : {}),
    next_check_at: now,
    failures: 0,
    last_error: null,
    etag: null,
    last_modified: null,
    last_observation: null,
    offer_sku: null,
    last_ambiguous: false,
    page_fingerprint: null,
    last_history_at: null,
  };
}

/**
 * Checks a page at the next round, unless it is backing off after failures: a product intent's
 * next offer after a checkout there was given up (rare, and the purchase should not wait).
 */
export async function makeDue(tx: StoreTx, watchId: string, now: number) {
  const watch = await tx.get<WatchDoc>('watches', watchId);
  const due = watch && dueNow(watch, now, false);
  if (due) await tx.put('watches', { ...watch, ...due });
}

/**
 * What makes a watch due at the next round (`polite`: not before its floor), or null (due already,
 * or backing off after failures). A round that claimed it (store/claims.ts) is checking it now: moving its due time would let
 * another instance fetch it beside that check, so it is flagged instead, and the claimant makes it
 * due when it writes its check (checkedWatch), which read the page before this request.
 */
function dueNow(watch: WatchDoc, now: number, polite: boolean): Partial<WatchDoc> | null {
  const soonest = polite ? Math.max(now, watch.not_before ?? 0) : now;
  if (watch.failures > 0 || watch.next_check_at <= soonest) return null;
  if (!watch.claimed_by) return { next_check_at: soonest };
  return watch.due_again ? null : { due_again: true };
}

/**
 * The watch as a round writes it after its check: unclaimed, next due at `next`, or as soon as
 * politeness allows if it was asked for meanwhile (dueNow) and its page is not backing off after
 * a failure.
 */
export function checkedWatch(watch: WatchDoc, next: number, now: number): WatchDoc {
  const { due_again, ...rest } = watch;
  const again = due_again === true && rest.failures === 0;
  const soonest = Math.min(next, Math.max(now, rest.not_before ?? 0));
  return { ...rest, claimed_by: null, next_check_at: again ? soonest : next };
}

export async function loadWatch(reader: StoreReader, watchId: string | null) {
  return watchId ? reader.get<WatchDoc>('watches', watchId) : undefined;
}
