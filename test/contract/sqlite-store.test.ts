import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { OUTSIDE_COMMITS_SEEN_WITHIN_MS } from '../../server/store/doc-cache';
import { TABLES, type TableDef } from '../../engine/index';
import { createSqliteStore } from '../../server/store/sqlite';
import { indexSql, migrate } from '../../server/store/sqlite-schema';
import { toSql } from '../../server/store/sqlite-sql';
import { CONTRACT_SCHEMA } from './store-contract';

const dir = mkdtempSync(join(tmpdir(), 'sqlite-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const file = () => join(dir, `s-${n++}.db`);

describe('SQLite store specifics', () => {
  it('keeps committed data across close and reopen', async () => {
    const path = file();
    const first = createSqliteStore(path, CONTRACT_SCHEMA);
    await first.transact((tx) => tx.put('items', { id: 'a', owner: 'o' }));
    await first.close();
    const second = createSqliteStore(path, CONTRACT_SCHEMA);
    expect(await second.get('items', 'a')).toEqual({ id: 'a', owner: 'o' });
    await second.close();
  });

  it('does not carry a row read outside a batch into the next one', async () => {
    const path = file();
    const store = createSqliteStore(path, CONTRACT_SCHEMA);
    await store.transact((tx) => tx.put('items', { id: 'x', owner: 'o', v: 1 }));
    // A unit's leftover promise reads with its tx once the batch has ended.
    let late: Promise<unknown> = Promise.resolve();
    await store.transact(async (tx) => {
      late = new Promise((resolve) => setTimeout(resolve, 20)).then(() => tx.get('items', 'x'));
    });
    await late;
    const outside = new Database(path);
    outside.prepare(`UPDATE items SET doc = json_set(doc, '$.v', 2) WHERE id = 'x'`).run();
    outside.close();
    expect(await store.transact((tx) => tx.get('items', 'x'))).toMatchObject({ v: 2 });
    await store.close();
  });

  it('commits units queued together in one transaction (group commit)', async () => {
    const path = file();
    const store = createSqliteStore(path, CONTRACT_SCHEMA);
    const spy = new Database(path);
    const before = spy.pragma('data_version', { simple: true }) as number;
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        store.transact((tx) => tx.put('items', { id: `i${i}`, owner: 'o' })),
      ),
    );
    const after = spy.pragma('data_version', { simple: true }) as number;
    // data_version moves once per commit seen from another connection; 50 units, far fewer commits.
    expect(after - before).toBeGreaterThanOrEqual(1);
    expect(after - before).toBeLessThan(5);
    expect(await store.query('items', { index: 'by_owner', prefix: ['o'] })).toHaveLength(50);
    spy.close();
    await store.close();
  });

  it('does not show a unit to readers before its commit', async () => {
    const store = createSqliteStore(file(), CONTRACT_SCHEMA);
    let seenInside: unknown = 'not run';
    await store.transact(async (tx) => {
      await tx.put('items', { id: 'x', owner: 'o' });
      seenInside = await store.get('items', 'x');
    });
    expect(seenInside).toBeUndefined();
    expect(await store.get('items', 'x')).toBeDefined();
    await store.close();
  });

  it('does not show a unit to queries before its commit, nor a unit of the same batch', async () => {
    const store = createSqliteStore(file(), CONTRACT_SCHEMA);
    const seen: number[] = [];
    const ownerO = () => store.query('items', { index: 'by_owner', prefix: ['o'] });
    await Promise.all([
      store.transact(async (tx) => {
        await tx.put('items', { id: 'x', owner: 'o' });
        seen.push((await ownerO()).length);
      }),
      store.transact(async (tx) => {
        await tx.put('items', { id: 'y', owner: 'o' });
        seen.push((await ownerO()).length);
      }),
    ]);
    expect(seen).toEqual([0, 0]);
    expect(await ownerO()).toHaveLength(2);
    await store.close();
  });

  it('uses WAL journaling', async () => {
    const path = file();
    const store = createSqliteStore(path, CONTRACT_SCHEMA);
    await store.transact((tx) => tx.put('items', { id: 'a', owner: 'o' }));
    const spy = new Database(path);
    expect(spy.pragma('journal_mode', { simple: true })).toBe('wal');
    spy.close();
    await store.close();
  });

  it('creates an index for every index of the schema, without rows that lack one of its fields', async () => {
    const path = file();
    const store = createSqliteStore(path, CONTRACT_SCHEMA);
    const spy = new Database(path);
    const names = (
      spy
        .prepare("SELECT name FROM sqlite_master WHERE type='index' AND name LIKE 'items__%'")
        .all() as { name: string }[]
    ).map((r) => r.name);
    expect(names.sort()).toEqual(['items__by_due', 'items__by_owner', 'items__by_owner_kind']);
    await store.transact(async (tx) => {
      await tx.put('items', { id: 'a', owner: 'o', kind: 'k' });
      await tx.put('items', { id: 'b', owner: 'o' });
    });
    // Entries in the index's leaf pages (the dbstat table): the row without a kind has none.
    const entries = spy
      .prepare("SELECT sum(ncell) FROM dbstat WHERE name = ? AND pagetype = 'leaf'")
      .pluck();
    expect(entries.get('items__by_owner_kind')).toBe(1);
    expect(entries.get('items__by_owner')).toBe(2);
    expect(spy.prepare('SELECT count(*) FROM items').pluck().get()).toBe(2);
    spy.close();
    await store.close();
  });

  it('makes again a whole index made before indexes were partial, and keeps a partial one', async () => {
    const path = file();
    const old = new Database(path);
    old.exec('CREATE TABLE items (id TEXT PRIMARY KEY, doc TEXT NOT NULL, f_owner, f_id)');
    old.exec(`INSERT INTO items VALUES ('a', '{"id":"a","owner":"o"}', 'o', 'a')`);
    old.exec(`INSERT INTO items VALUES ('b', '{"id":"b"}', NULL, 'b')`);
    old.exec('CREATE INDEX "items__by_owner" ON "items" (f_owner, f_id)');
    old.close();
    const indexOf = () => {
      const spy = new Database(path, { readonly: true });
      const row = spy
        .prepare("SELECT sql, rootpage FROM sqlite_master WHERE name = 'items__by_owner'")
        .get() as { sql: string; rootpage: number };
      spy.close();
      return row;
    };
    const store = createSqliteStore(path, CONTRACT_SCHEMA);
    const made = indexOf();
    expect(made.sql).toBe(indexSql('items', 'by_owner', ['owner', 'id']));
    expect(
      (await store.query('items', { index: 'by_owner', prefix: ['o'] })).map((d) => d.id),
    ).toEqual(['a']);
    await store.close();
    await createSqliteStore(path, CONTRACT_SCHEMA).close();
    expect(indexOf()).toEqual(made); // not made again at the next open
  });

  it("answers every query of the engine's tables from that query's index, in its order", () => {
    const db = new Database(':memory:');
    migrate(db, TABLES);
    const plans: string[] = [];
    for (const [table, def] of Object.entries(TABLES) as [string, TableDef][]) {
      for (const [index, fields] of Object.entries(def.indexes)) {
        for (let fixed = 0; fixed < fields.length; fixed++) {
          for (const range of [undefined, { gt: 'a' }]) {
            const prefix = fields.slice(0, fixed).map(() => 'x');
            const { sql, params } = toSql(table, def, { index, prefix, range, limit: 10 });
            const plan = (
              db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as {
                detail: string;
              }[]
            ).map((step) => step.detail);
            plans.push(
              `${table}.${index} (${fixed} fixed${range ? ', a range' : ''}): ${plan.join('; ')}`,
            );
          }
        }
      }
    }
    const unindexed = plans.filter(
      (plan) => !/USING (COVERING )?INDEX \w+__/.test(plan) || plan.includes('TEMP B-TREE'),
    );
    expect(plans.length).toBeGreaterThan(100);
    expect(unindexed).toEqual([]);
    db.close();
  });
});

describe('SQLite read cache', () => {
  it('sees a change committed by another process at once (a key revoked by the CLI)', async () => {
    const path = file();
    const store = createSqliteStore(path, CONTRACT_SCHEMA);
    await store.transact((tx) => tx.put('items', { id: 'k', owner: 'o', revoked: false }));
    expect(await store.get('items', 'k')).toMatchObject({ revoked: false });
    const other = createSqliteStore(path, CONTRACT_SCHEMA);
    await other.transact((tx) => tx.put('items', { id: 'k', owner: 'o', revoked: true }));
    await other.close();
    await new Promise((r) => setTimeout(r, OUTSIDE_COMMITS_SEEN_WITHIN_MS + 2));
    expect(await store.get('items', 'k')).toMatchObject({ revoked: true });
    await store.close();
  });

  it('keeps what it holds across our own commits of other rows', async () => {
    const store = createSqliteStore(file(), CONTRACT_SCHEMA);
    await store.transact((tx) => tx.put('items', { id: 'k', owner: 'o' }));
    await store.get('items', 'k');
    for (let i = 0; i < 3; i++) {
      await store.transact((tx) => tx.put('items', { id: `x${i}`, owner: 'o' }));
      // Past the cache's next look at the data version.
      await new Promise((r) => setTimeout(r, OUTSIDE_COMMITS_SEEN_WITHIN_MS + 2));
      expect(store.peek?.('items', 'k')).toMatchObject({ id: 'k' });
    }
    await store.close();
  });

  it('does not let our own commit hide an outside commit made before it', async () => {
    const path = file();
    const store = createSqliteStore(path, CONTRACT_SCHEMA);
    await store.transact((tx) => tx.put('items', { id: 'k', owner: 'o', v: 1 }));
    expect(await store.get('items', 'k')).toMatchObject({ v: 1 });
    const other = createSqliteStore(path, CONTRACT_SCHEMA);
    await other.transact((tx) => tx.put('items', { id: 'k', owner: 'o', v: 2 }));
    await other.close();
    await store.transact((tx) => tx.put('items', { id: 'x', owner: 'o' }));
    await new Promise((r) => setTimeout(r, OUTSIDE_COMMITS_SEEN_WITHIN_MS + 2));
    expect(await store.get('items', 'k')).toMatchObject({ v: 2 });
    await store.close();
  });

  it('checkpoints the WAL into the database file off the writer, while the store is open', async () => {
    const path = file();
    const store = createSqliteStore(path, CONTRACT_SCHEMA);
    const emptySize = statSync(path).size;
    const pad = 'x'.repeat(2000);
    for (let round = 0; round < 20; round++) {
      await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          store.transact((tx) => tx.put('items', { id: `${round}-${i}`, owner: 'o', pad })),
        ),
      );
    }
    // The writer checkpoints itself only past 8192 log pages: below that, only the worker can grow the file.
    await vi.waitFor(() => expect(statSync(path).size).toBeGreaterThan(emptySize + 500 * 2000), {
      timeout: 5000,
    });
    await store.close();
  });

  it('does not keep the process alive once its work is done, even when never closed', () => {
    const script = `
      import { createSqliteStore } from ${JSON.stringify(resolve('server/store/sqlite.ts'))};
      const store = createSqliteStore(${JSON.stringify(file())}, { items: { key: 'id', indexes: {} } });
      await store.transact((tx) => tx.put('items', { id: 'a' }));
      console.log('done');
    `;
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        encoding: 'utf8',
        timeout: 20_000,
      },
    );
    expect(run.stdout).toContain('done');
    expect(run.signal).toBeNull(); // killed by the timeout otherwise
    expect(run.status).toBe(0);
  });

  it('keeps the WAL bounded under writes that never pause', async () => {
    const path = file();
    const store = createSqliteStore(path, CONTRACT_SCHEMA, {
      checkpoints: { minIntervalMs: 5 },
      logBoundPages: 100,
    });
    const pad = 'x'.repeat(3000);
    let written = 0;
    // A fixed volume, not a fixed time: a loaded machine writes less in 2 s, not less in total.
    while (written * pad.length <= 64 * 1024 * 1024) {
      await Promise.all(
        Array.from({ length: 10 }, () =>
          store.transact((tx) => tx.put('items', { id: `i${written++}`, owner: 'o', pad })),
        ),
      );
    }
    // Far more went through the log than it ever held: it was started over, not grown to hold it all.
    expect(statSync(`${path}-wal`).size).toBeLessThan(4 * 1024 * 1024);
    await store.close();
  }, 60_000);
});
