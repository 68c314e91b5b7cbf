import type { EngineContext } from '../context';
import type { Observation } from '../schemas/intent';
import type { StoreTx } from '../ports';
import type { WatchDoc } from '../schemas/watch';

const HOUR = 60 * 60 * 1000;

const same = (a: Observation | null, b: Observation) =>
  !!a &&
  a.price_cents === b.price_cents &&
  a.currency === b.currency &&
  a.availability === b.availability;

/**
 * Writes a price/stock history point when the figures changed, and at most hourly while they
 * stay the same, so a chart has regular points without one row per check. Returns the time of
 * the last point.
 */
export async function recordHistory(
  tx: StoreTx,
  ctx: EngineContext,
  watch: WatchDoc,
  observation: Observation,
  now: number,
): Promise<number | null> {
  const recent = watch.last_history_at !== null && now - watch.last_history_at < HOUR;
  if (recent && same(watch.last_observation, observation)) return watch.last_history_at;
  await tx.put('observations', {
    observation_id: ctx.ids.next('obs'),
    watch_id: watch.watch_id,
    ...observation,
  });
  return now;
}
