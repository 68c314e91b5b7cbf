import type { EngineContext } from '../context';
import type { AttemptDoc } from '../schemas/webhook-endpoint';
import { isoTime } from '../util/time';

/** How long delivery attempts stay listed (GET …/deliveries) before maintenance purges them. */
export const ATTEMPT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Deletes attempts older than ATTEMPT_RETENTION_MS, `batch` per transaction, until none is left
 * or `maxBatches` ran; returns how many went.
 */
export async function purgeOldAttempts(
  ctx: EngineContext,
  options: { batch?: number; maxBatches?: number } = {},
): Promise<number> {
  const batch = options.batch ?? 500;
  let purged = 0;
  for (let round = 0; round < (options.maxBatches ?? 100); round++) {
    const cutoff = isoTime(ctx.clock.now() - ATTEMPT_RETENTION_MS);
    const count = await ctx.store.transact(async (tx) => {
      const old = await tx.query<AttemptDoc>('webhook_attempts', {
        index: 'by_created',
        prefix: [],
        range: { lt: cutoff },
        limit: batch,
      });
      for (const attempt of old) await tx.delete('webhook_attempts', attempt.attempt_id);
      return old.length;
    });
    purged += count;
    if (count < batch) break;
  }
  return purged;
}
