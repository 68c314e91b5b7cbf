import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStore, type Doc, type Store, type TableDef } from '../../../engine/index';
import { claimThese, type ClaimSpec } from '../../../engine/store/claims';
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
