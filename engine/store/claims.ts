import type { Doc, Store, StoreTx } from '../ports';
import { withFields } from '../util/with-fields';

/**
 * Claims on due work shared by several engine instances on one store (monitor watches, webhook
 * outbox rows). A claim moves the row's due time `leaseMs` ahead and names the instance, in one
 * transaction: other instances do not see the row as due while its claimant works on it. The work
 * then writes the real next due time and clears the name; if the claimant dies first, the row
 * falls due again when the claim runs out, or at once when it restarts under the same name.
 */
export interface ClaimSpec {
  table: string;
  /** The table's key field. */
  key: string;
  /** An index whose only field is `dueField`. */
  index: string;
  /** Epoch milliseconds at which the row is due. */
  dueField: string;
}

/** Field naming the instance that claimed a row; null or absent once its work is written. */
export const CLAIMED_BY = 'claimed_by';

const claimed = (spec: ClaimSpec, doc: Doc, until: number, owner: string | null) =>
  withFields(doc, { [spec.dueField]: until, [CLAIMED_BY]: owner });

/** Batches in a row that other instances may take first before claimDue gives up for now. */
const RACES_LOST = 10;

/**
 * Claims the next `limit` due rows; returns those it took, as they were before the claim. The unit
 * is guarded by its writes (UnitOptions): each claim is written only if the row's due time is
 * still the one read, so instances claiming at once never take a row twice. When other instances
 * took every row read (they read the same rows at once), the next due rows are read and claimed
 * in a new transaction, up to RACES_LOST times: an empty answer ends the caller's round, and an
 * instance that lost one race used to end it with work left (two instances on PostgreSQL ran a
 * steady round no faster than one: 128 + 9,872 fetches).
 */
export async function claimDue<T extends Doc>(
  store: Store,
  spec: ClaimSpec,
  claim: { now: number; limit: number; leaseMs: number; owner: string },
): Promise<T[]> {
  for (let race = 0; ; race++) {
    const { read, taken } = await store.transact(
      async (tx) => {
        const due = await tx.query<T>(spec.table, {
          index: spec.index,
          prefix: [],
          range: { lte: claim.now },
          order: 'asc',
          limit: claim.limit,
        });
        const mine: T[] = [];
        for (const doc of due) {
          const claimedDoc = claimed(spec, doc, claim.now + claim.leaseMs, claim.owner);
          if (await writeOver(tx, spec, claimedDoc, doc)) mine.push(doc);
        }
        return { read: due.length, taken: mine };
      },
      { guardedBy: 'writes' },
    );
    if (taken.length > 0 || read === 0 || race === RACES_LOST) return taken;
  }
}

/**
 * Writes `doc` over `seen`, read in this transaction, if the row's due time is still the one
 * read: one compare-and-set where the store has it; a store without it runs units one at a time,
 * so that the row is as read.
 */
async function writeOver(tx: StoreTx, spec: ClaimSpec, doc: Doc, seen: Doc): Promise<boolean> {
  if (tx.putIfUnchanged) return tx.putIfUnchanged(spec.table, doc, seen, spec.dueField);
  await tx.put(spec.table, doc);
  return true;
}

/**
 * Claims, in the caller's transaction, those of the given rows (as read earlier) that are still
 * due; returns their keys. A row whose due time moved since it was read (another instance claimed
 * it, or its attempt was recorded) is not taken. With `putIfUnchanged` that is one statement per
 * row, the due time checked as the claim is written; otherwise the row is read again first.
 */
export async function claimThese(
  tx: StoreTx,
  spec: ClaimSpec,
  rows: readonly Doc[],
  claim: { now: number; leaseMs: number; owner: string },
): Promise<Set<string>> {
  const taken = new Set<string>();
  const until = claim.now + claim.leaseMs;
  // In key order, whatever order the caller chose them in: instances claiming overlapping rows
  // at once then lock them in one order, and wait for each other instead of deadlocking.
  const byKey = [...rows].sort((a, b) =>
    (a[spec.key] as string) < (b[spec.key] as string) ? -1 : 1,
  );
  for (const read of byKey) {
    if ((read[spec.dueField] as number) > claim.now) continue;
    const key = read[spec.key] as string;
    // Without a compare-and-set the row is read again: it must still be the one read earlier.
    const seen = tx.putIfUnchanged ? read : await tx.get(spec.table, key);
    if (!seen || seen[spec.dueField] !== read[spec.dueField]) continue;
    if (await writeOver(tx, spec, claimed(spec, seen, until, claim.owner), seen)) taken.add(key);
  }
  return taken;
}

/** Gives back, in the caller's transaction, claims of this owner on rows it will not work on: due now. */
export async function unclaimThese(
  tx: StoreTx,
  spec: ClaimSpec,
  keys: readonly string[],
  claim: { now: number; owner: string },
): Promise<void> {
  for (const key of keys) {
    const doc = await tx.get(spec.table, key);
    if (doc?.[CLAIMED_BY] === claim.owner)
      await writeOver(tx, spec, claimed(spec, doc, claim.now, null), doc);
  }
}

/**
 * Makes the rows this instance had claimed due now: a restart under the same name does at once
 * what its previous process claimed and could not finish.
 */
export async function releaseOwnClaims(
  store: Store,
  spec: ClaimSpec,
  claim: { now: number; leaseMs: number; owner: string },
): Promise<number> {
  const pending = await store.query(spec.table, {
    index: spec.index,
    prefix: [],
    range: { gt: claim.now, lte: claim.now + claim.leaseMs },
  });
  const own = pending.filter((doc) => doc[CLAIMED_BY] === claim.owner);
  if (own.length === 0) return 0;
  await store.transact(async (tx) => {
    for (const doc of own) {
      const current = await tx.get(spec.table, doc[spec.key] as string);
      if (current?.[CLAIMED_BY] === claim.owner)
        await tx.put(spec.table, claimed(spec, current, claim.now, null));
    }
  });
  return own.length;
}
