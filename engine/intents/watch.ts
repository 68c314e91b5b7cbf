import type { StoreReader, StoreTx } from '../ports';
import type { WatchDoc } from '../schemas/watch';

/**
 * Makes sure the watch exists and is due now, unless it is backing off after failures. `linked`:
 * a product intent watches it through a link (links.ts), which the monitor then looks up.
 */
export async function ensureWatch(
  tx: StoreTx,
  watch: { watch_id: string; url: string; livemode: boolean; variant: string | null },
  now: number,
  { linked = false } = {},
): Promise<void> {
  const existing = await tx.get<WatchDoc>('watches', watch.watch_id);
  if (existing) {
    const due = existing.failures === 0 && existing.next_check_at > now;
    const link = linked && !existing.linked;
    if (due || link) {
      await tx.put('watches', {
        ...existing,
        ...(due ? { next_check_at: now } : {}),
        ...(link ? { linked: true } : {}),
      });
    }
    return;
  }
  const doc: WatchDoc = {
    ...watch,
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
  await tx.put('watches', doc);
}

/** Checks a page at the next round, unless it is backing off after failures. */
export async function makeDue(tx: StoreTx, watchId: string, now: number) {
  const watch = await tx.get<WatchDoc>('watches', watchId);
  if (watch && watch.failures === 0 && watch.next_check_at > now) {
    await tx.put('watches', { ...watch, next_check_at: now });
  }
}

export async function loadWatch(reader: StoreReader, watchId: string | null) {
  return watchId ? reader.get<WatchDoc>('watches', watchId) : undefined;
}
