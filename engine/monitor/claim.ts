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
  owner: string,
): Promise<WatchDoc[]> {
  return store.transact(async (tx) => {
    const due = await tx.query<WatchDoc>('watches', {
      index: 'by_due',
      prefix: [],
      range: { lte: now },
      order: 'asc',
      limit,
    });
    for (const watch of due)
      await tx.put('watches', { ...watch, next_check_at: now + leaseMs, claimed_by: owner });
    return due;
  });
}

/**
 * Makes the watches this instance had claimed due now: a restart under the same name checks
 * at once what its previous process claimed and could not finish, instead of waiting for the
 * claims to run out.
 */
export async function releaseOwnClaims(store: Store, now: number, leaseMs: number, owner: string) {
  const claimed = await store.query<WatchDoc>('watches', {
    index: 'by_due',
    prefix: [],
    range: { gt: now, lte: now + leaseMs },
  });
  const own = claimed.filter((watch) => watch.claimed_by === owner);
  if (own.length === 0) return 0;
  await store.transact(async (tx) => {
    for (const watch of own) {
      const current = await tx.get<WatchDoc>('watches', watch.watch_id);
      if (current?.claimed_by === owner)
        await tx.put('watches', { ...current, next_check_at: now, claimed_by: null });
    }
  });
  return own.length;
}
