import type { Store, StoreTx, UnitOptions } from '../ports';

/** How a unit is guarded (UnitOptions). */
export type Guard = NonNullable<UnitOptions['guardedBy']>;

/**
 * Thrown by a unit run guarded by its writes that finds it must write over what it read (a lease
 * that was not there to compare with, an endpoint that changed since it was read): no
 * compare-and-set can guard that write, so the unit is run again with its reads guarded.
 */
export class NeedsGuardedReads extends Error {}

/**
 * Runs `work` as a unit guarded by its writes (UnitOptions: on PostgreSQL, READ COMMITTED), and
 * again guarded by its reads if it throws NeedsGuardedReads; or guarded by its reads from the
 * start (`first`). `work` is told how it is guarded.
 */
export async function transactGuarded<T>(
  store: Store,
  work: (tx: StoreTx, guardedBy: Guard) => Promise<T>,
  first: Guard = 'writes',
): Promise<T> {
  const run = (guardedBy: Guard) => store.transact((tx) => work(tx, guardedBy), { guardedBy });
  if (first === 'reads') return run('reads');
  try {
    return await run('writes');
  } catch (error) {
    if (error instanceof NeedsGuardedReads) return run('reads');
    throw error;
  }
}
