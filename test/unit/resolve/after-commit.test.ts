import { describe, expect, it } from 'vitest';
import { createMemoryStore, TABLES, type Store } from '../../../engine/index';
import { afterCommit, withAfterCommit } from '../../../engine/store/after-commit';

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
    const inner = createMemoryStore(TABLES);
    // An adapter that retries a unit once (as PostgreSQL does after a serialization failure).
    const retrying: Store = {
      ...inner,
      transact: async (work) => {
        await inner.transact(work).catch(() => undefined);
        return inner.transact(work);
      },
    };
    const store = withAfterCommit(retrying);
    let attempt = 0;
    const ran: number[] = [];
    await store.transact(async (tx) => {
      const mine = ++attempt;
      afterCommit(tx, () => ran.push(mine));
      if (mine === 1) throw new Error('serialization failure');
    });
    expect(ran).toEqual([2]);
  });
});
