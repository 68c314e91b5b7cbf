import { describe, expect, it } from 'vitest';
import { createMemoryStore, TABLES, type Store } from '../../../engine/index';
import { afterCommit, unitMemo, withAfterCommit } from '../../../engine/store/after-commit';

/** An adapter that runs each unit twice, keeping the second run (as PostgreSQL retries one). */
const retryingOnce = (inner: Store): Store => ({
  ...inner,
  transact: async (work) => {
    await inner.transact(work).catch(() => undefined);
    return inner.transact(work);
  },
});

describe('withAfterCommit (what keeps the search index from seeing uncommitted writes)', () => {
  it('runs a hook once the transaction committed, not before', async () => {
    const store = withAfterCommit(createMemoryStore(TABLES));
    const ran: string[] = [];
    await store.transact(async (tx) => {
      afterCommit(tx, () => ran.push('hook'));
      await tx.put('settings', { name: 'x' });
      ran.push('work done');
    });
    expect(ran).toEqual(['work done', 'hook']);
  });

  it('never runs the hooks of a transaction that rolled back', async () => {
    const store = withAfterCommit(createMemoryStore(TABLES));
    const ran: string[] = [];
    const failed = store.transact(async (tx) => {
      afterCommit(tx, () => ran.push('hook'));
      throw new Error('rolled back');
    });
    await expect(failed).rejects.toThrow('rolled back');
    expect(ran).toEqual([]);
  });

  it('keeps only the hooks of the run that committed when the adapter runs a unit again', async () => {
    const store = withAfterCommit(retryingOnce(createMemoryStore(TABLES)));
    let attempt = 0;
    const ran: number[] = [];
    await store.transact(async (tx) => {
      const mine = ++attempt;
      afterCommit(tx, () => ran.push(mine));
      if (mine === 1) throw new Error('serialization failure');
    });
    expect(ran).toEqual([2]);
  });

  it('gives each run of a unit a memo of its own, empty, kept for the whole run', async () => {
    const inner = createMemoryStore(TABLES);
    const store = withAfterCommit(retryingOnce(inner));
    const seen: unknown[] = [];
    await store.transact(async (tx) => {
      seen.push(unitMemo(tx)?.get('k'));
      unitMemo(tx)!.set('k', seen.length);
      expect(unitMemo(tx)!.get('k')).toBe(seen.length);
      if (seen.length === 1) throw new Error('serialization failure');
    });
    await withAfterCommit(inner).transact(async (tx) => seen.push(unitMemo(tx)?.get('k')));
    expect(seen).toEqual([undefined, undefined, undefined]);
    await inner.transact(async (tx) => expect(unitMemo(tx)).toBeUndefined());
  });
});
