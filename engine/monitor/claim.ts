import type { Store } from '../ports';
import type { WatchDoc } from '../schemas/watch';
import { claimDue, releaseOwnClaims, unclaimThese, type ClaimSpec } from '../store/claims';

/**
 * Watches are claimed in batches by monitor rounds (store/claims.ts): each URL is fetched once per
 * round across every instance on the store.
 */
const WATCHES: ClaimSpec = {
  table: 'watches',
  key: 'watch_id',
  index: 'by_due',
  dueField: 'next_check_at',
};

export const claimDueWatches = (
  store: Store,
  now: number,
  limit: number,
  leaseMs: number,
  owner: string,
) => claimDue<WatchDoc>(store, WATCHES, { now, limit, leaseMs, owner });

export const releaseOwnWatchClaims = (store: Store, now: number, leaseMs: number, owner: string) =>
  releaseOwnClaims(store, WATCHES, { now, leaseMs, owner });

/** Gives a claimed watch back, due at `dueAt`, if this instance still holds it. */
export const giveBackWatchClaim = (store: Store, watchId: string, dueAt: number, owner: string) =>
  store.transact((tx) => unclaimThese(tx, WATCHES, [watchId], { now: dueAt, owner }));
