import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createMemoryStore,
  type Doc,
  type Query,
  type Store,
  type TableDef,
} from '../../../engine/index';
import { claimDue, claimThese, type ClaimSpec } from '../../../engine/store/claims';
import { wrapUnits } from '../../support/wrap-units';
import { createSqliteStore } from '../../../server/store/sqlite';

const TABLES = { rows: { key: 'id', indexes: { by_due: ['due'] } } } satisfies Record<
  string,
  TableDef
>;
const SPEC: ClaimSpec = { table: 'rows', key: 'id', index: 'by_due', dueField: 'due' };
const NOW = 1_000;
const claim = (owner: string, now = NOW) => ({ now, leaseMs: 60_000, owner });

const dir = mkdtempSync(join(tmpdir(), 'claims-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

// SQLite writes a claim with putIfUnchanged (one statement); the memory store reads the row again.
const stores: [string, () => Store][] = [
  ['memory', () => createMemoryStore(TABLES)],
  ['sqlite', () => createSqliteStore(join(dir, `claims-${n++}.db`), TABLES)],
];

describe.each(stores)('claimThese on the %s store', (_, open) => {
  async function storeWith(...rows: Doc[]) {
    const store = open();
    await store.transact(async (tx) => {
      for (const row of rows) await tx.put('rows', row);
    });
    return store;
  }

  it('claims the rows that are due as they were read, in the claimant’s name', async () => {
    const store = await storeWith({ id: 'a', due: 900 }, { id: 'b', due: 1_000 });
    const read = await store.query<Doc>('rows', { index: 'by_due', prefix: [] });
    const taken = await store.transact((tx) => claimThese(tx, SPEC, read, claim('me')));
    expect([...taken].sort()).toEqual(['a', 'b']);
    expect(await store.get('rows', 'a')).toEqual({ id: 'a', due: 61_000, claimed_by: 'me' });
    expect(await store.get('rows', 'b')).toEqual({ id: 'b', due: 61_000, claimed_by: 'me' });
    await store.close();
  });

  it('leaves a row another instance claimed since it was read, and one not due', async () => {
    const store = await storeWith({ id: 'a', due: 900 }, { id: 'b', due: 5_000 });
    const read = await store.query<Doc>('rows', { index: 'by_due', prefix: [] });
    await store.transact((tx) => claimThese(tx, SPEC, read.slice(0, 1), claim('other', 950)));
    const taken = await store.transact((tx) => claimThese(tx, SPEC, read, claim('me')));
    expect(taken.size).toBe(0);
    expect(await store.get('rows', 'a')).toEqual({ id: 'a', due: 60_950, claimed_by: 'other' });
    expect(await store.get('rows', 'b')).toEqual({ id: 'b', due: 5_000 });
    await store.close();
  });

  it('does not bring back a row deleted since it was read', async () => {
    const store = await storeWith({ id: 'a', due: 900 });
    const read = await store.query<Doc>('rows', { index: 'by_due', prefix: [] });
    await store.transact((tx) => tx.delete('rows', 'a'));
    const taken = await store.transact((tx) => claimThese(tx, SPEC, read, claim('me')));
    expect(taken.size).toBe(0);
    expect(await store.get('rows', 'a')).toBeUndefined();
    await store.close();
  });
});

describe('claimDue', () => {
  /**
   * A SQLite store (claims by compare-and-set) on which another instance claims every row of the
   * first `batches` batches read, right after they were read and before they are claimed.
   */
  async function raced(batches: number, ...rows: Doc[]) {
    const store = createSqliteStore(join(dir, `claims-${n++}.db`), TABLES);
    await store.transact(async (tx) => {
      for (const row of rows) await tx.put('rows', row);
    });
    let left = batches;
    const racing = wrapUnits(store, (tx) => ({
      ...tx,
      query: async <T extends Doc>(table: string, query: Query) => {
        const read = await tx.query<T>(table, query);
        if (left-- > 0)
          for (const row of read) await tx.put(table, { ...row, due: 99_000, claimed_by: 'other' });
        return read;
      },
    }));
    return { store, racing };
  }
  const due = (owner: string, limit: number) => ({ now: NOW, limit, leaseMs: 60_000, owner });

  it('claims the next due rows when other instances took all those it read', async () => {
    const { store, racing } = await raced(
      2,
      ...['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => ({ id, due: 900 + i })),
    );
    const taken = await claimDue<Doc>(racing, SPEC, due('me', 2));
    expect(taken.map((row) => row.id)).toEqual(['e', 'f']);
    expect(await store.get('rows', 'e')).toEqual({ id: 'e', due: 61_000, claimed_by: 'me' });
    expect(await store.get('rows', 'a')).toMatchObject({ claimed_by: 'other' });
    await store.close();
  });

  it('answers empty once nothing is due, and after losing ten batches in a row', async () => {
    const none = await raced(0, { id: 'a', due: 5_000 });
    expect(await claimDue(none.racing, SPEC, due('me', 2))).toEqual([]);
    await none.store.close();
    const rows = Array.from({ length: 30 }, (_, i) => ({
      id: `r${String(i).padStart(2, '0')}`,
      due: 900,
    }));
    const lost = await raced(11, ...rows);
    expect(await claimDue(lost.racing, SPEC, due('me', 2))).toEqual([]);
    expect((await lost.store.get('rows', 'r21'))?.claimed_by).toBe('other');
    expect((await lost.store.get('rows', 'r22'))?.claimed_by).toBeUndefined();
    await lost.store.close();
  });
});
