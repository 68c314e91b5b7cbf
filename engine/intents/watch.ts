import type { StoreReader, StoreTx } from '../ports';
import type { WatchDoc } from '../schemas/watch';

/** Makes sure the watch exists and is due now, unless it is backing off after failures. */
export async function ensureWatch(
  tx: StoreTx,
  watch: { watch_id: string; url: string; livemode: boolean; variant: string | null },
  now: number,
): Promise<void> {
  const existing = await tx.get<WatchDoc>('watches', watch.watch_id);
  if (existing) {
    if (existing.failures === 0 && existing.next_check_at > now) {
      await tx.put('watches', { ...existing, next_check_at: now });
    }
    return;
  }
  const doc: WatchDoc = {
    ...watch,
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

export async function loadWatch(reader: StoreReader, watchId: string | null) {
  return watchId ? reader.get<WatchDoc>('watches', watchId) : undefined;
}
