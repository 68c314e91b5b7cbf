import type { Store, StoreReader, StoreTx } from '../ports';
import type { ExecutionDoc } from '../schemas/execution';
import { NeedsGuardedReads, transactGuarded } from '../store/guarded';

/**
 * Execution leases: with several engine instances on one store, an attempt is run by one instance
 * at a time. The instance running it holds a lease that it renews at every step; a lease whose
 * time has passed (its instance died, or a recheck has become due) lets any instance take the
 * attempt over from its recovery point. Merchant calls carry the attempt's Idempotency-Key, so a
 * step that the next holder repeats is answered with the first call's result, never a second
 * purchase. The lease lives in its own table so that renewing it never rewrites the attempt.
 */
export interface LeaseDoc {
  [field: string]: unknown;
  lease_id: string;
  execution_id: string;
  /** The instance holding it, or null: nobody runs the attempt until `until`. */
  owner: string | null;
  /** Epoch milliseconds after which another instance may take the attempt. */
  until: number;
}

const leaseIdOf = (executionId: string) => `execution:${executionId}`;

const leaseDoc = (executionId: string, owner: string | null, until: number): LeaseDoc => ({
  lease_id: leaseIdOf(executionId),
  execution_id: executionId,
  owner,
  until,
});

/** Leases that ran out by `now`: attempts whose instance died, and rechecks that are due. */
export const expiredLeases = (store: StoreReader, now: number, limit: number) =>
  store.query<LeaseDoc>('leases', { index: 'by_until', prefix: [], range: { lte: now }, limit });

/** Attempts some instance holds at `now` (read once, instead of one read per attempt). */
export async function heldAttempts(store: StoreReader, now: number) {
  const live = await store.query<LeaseDoc>('leases', {
    index: 'by_until',
    prefix: [],
    range: { gt: now },
  });
  return new Map(live.map((lease) => [lease.execution_id, lease.owner]));
}

function readLease(store: StoreReader, executionId: string) {
  return store.get<LeaseDoc>('leases', leaseIdOf(executionId));
}

/** Whether `owner` may take the attempt at `now`: nobody else holds a lease that is still on. */
export const isFreeFor = (lease: LeaseDoc | undefined, owner: string, now: number) =>
  !lease || lease.owner === owner || lease.until <= now;

/**
 * Takes (or renews) the lease of a running attempt for `owner`; false when the attempt is not
 * running any more or another instance holds it. The lease is written over the one read only if
 * its `until` did not move meanwhile (putIfUnchanged), so the unit is guarded by its writes
 * (UnitOptions) and instances renewing their leases at every step do not fail each other; a lease
 * written where there was none needs the read of its absence to hold, and is taken that way.
 */
export async function takeLease(
  store: Store,
  executionId: string,
  owner: string,
  now: number,
  leaseMs: number,
): Promise<boolean> {
  return transactGuarded(store, async (tx, guardedBy) => {
    const exec = await tx.get<ExecutionDoc>('executions', executionId);
    if (!exec || exec.state !== 'running') {
      await tx.delete('leases', leaseIdOf(executionId));
      return false;
    }
    const lease = await readLease(tx, executionId);
    if (!isFreeFor(lease, owner, now)) return false;
    const next = leaseDoc(executionId, owner, now + leaseMs);
    if (lease && tx.putIfUnchanged) return tx.putIfUnchanged('leases', next, lease, 'until');
    if (guardedBy === 'writes' && tx.putIfUnchanged)
      throw new NeedsGuardedReads('no lease to compare with');
    await tx.put('leases', next);
    return true;
  });
}

/** Writes the lease in a transaction the caller holds (the one that opens the attempt). */
export function holdLease(tx: StoreTx, executionId: string, owner: string, until: number) {
  return tx.put('leases', leaseDoc(executionId, owner, until));
}

/**
 * Lets the attempt go. `until`: nobody takes it before then (a recheck's delay); absent, the lease
 * row goes (the attempt finished or waits for the user, who restarts it by answering).
 */
export async function releaseLease(
  store: Store,
  executionId: string,
  owner: string,
  until?: number,
): Promise<void> {
  await store.transact(async (tx) => {
    const lease = await readLease(tx, executionId);
    if (lease && lease.owner !== owner) return; // taken over meanwhile: it is theirs now
    if (until === undefined) await tx.delete('leases', leaseIdOf(executionId));
    else await tx.put('leases', leaseDoc(executionId, null, until));
  });
}
