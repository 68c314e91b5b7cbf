import type { Store } from '../ports';
import type { WatchDoc } from '../schemas/watch';

/**
 * Takes the next due watches for this instance: in one transaction they are read and their
 * `next_check_at` is pushed `leaseMs` ahead, so that another instance on the same store does not
 * see them as due while this one checks them (each URL is fetched once per round across a fleet).
 * The check sets the real next time; if this instance dies first, the watches fall due again when
 * the lease runs out. Returns the watches as they were before the claim.
 */
export function claimDueWatches(
  store: Store,
  now: number,
  limit: number,
  leaseMs: number,
): Promise<WatchDoc[]> {
  return store.transact(async (tx) => {
    const due = await tx.query<WatchDoc>('watches', {
      index: 'by_due',
      prefix: [],
      range: { lte: now },
      order: 'asc',
      limit,
    });
    for (const watch of due) await tx.put('watches', { ...watch, next_check_at: now + leaseMs });
    return due;
  });
}
