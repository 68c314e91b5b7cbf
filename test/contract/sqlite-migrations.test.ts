import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { TABLES, type Doc, type TableDef } from '../../engine/index';
import { BASELINE, changedAnything, describeReport } from '../../server/store/migrations';
import { createSqliteStore } from '../../server/store/sqlite';
import { migrate, SQLITE_MIGRATIONS, type SqliteMigration } from '../../server/store/sqlite-schema';
import { intentBody, testApi } from '../support/api';

const dir = mkdtempSync(join(tmpdir(), 'sqlite-migrations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const file = () => join(dir, `m-${n++}.db`);

const ITEMS = { items: { key: 'id', indexes: { by_owner: ['owner', 'id'] } } } satisfies Record<
  string,
  TableDef
>;
const versions = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
  } finally {
    db.close();
  }
};

/** Renames `owner` to `holder` in every item: a migration that changes documents. */
const renameOwner: SqliteMigration = {
  version: 2,
  name: 'items: owner is now holder',
  up: (db) =>
    db.exec(
      `UPDATE items SET doc = json_remove(json_set(doc, '$.holder', json_extract(doc, '$.owner')), '$.owner')`,
    ),
};

describe('SQLite schema migrations', () => {
  it('opens a database made by intent-server 0.1 (no versions table) and serves its data', async () => {
    const path = file();
    const v01 = new Database(path);
    v01.exec(readFileSync(join(import.meta.dirname, '../fixtures/sqlite/v0.1-layout.sql'), 'utf8'));
    v01.close();

    const store = createSqliteStore(path, TABLES);
    expect(versions(path)).toEqual([{ version: 1, name: BASELINE.name }]);
    const { call } = await testApi({ store });
    const key = 'sk_test_FoT837WdGEJotk99pftquolpxyViF2ZU';
    const intent = await call('GET', '/v1/intents/int_01M88PNN3DKTJJRCAADCRB234Z', { key });
    expect(intent.status).toBe(200);
    expect(intent.body).toMatchObject({ status: 'active', metadata: { source: 'v0.1 fixture' } });
    const listed = await call('GET', '/v1/intents?external_user_id=user_1', { key });
    expect(listed.body.data.map((i: Doc) => i.intent_id)).toEqual([intent.body.intent_id]);
    // The idempotency record of the request that created it still answers a retry of that request.
    const retry = await call('POST', '/v1/intents', {
      key,
      headers: { 'Idempotency-Key': 'fixture-1' },
      body: intentBody({
        objective: {
          product: { product_url: 'https://shop.invalid/products/trail-runner', quantity: 1 },
        },
        conditions: { availability: 'in_stock', max_price_cents: 12000, currency: 'USD' },
        guardrails: { allowed_merchants: ['shop.invalid'], expires_at: '2099-01-01T00:00:00Z' },
        payment: undefined,
        metadata: { source: 'v0.1 fixture' },
      }),
    });
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(retry.body.intent_id).toBe(intent.body.intent_id);
    await store.close();
  });

  it('runs each pending migration once, in order, and recomputes the index columns after it', () => {
    const db = new Database(file());
    migrate(db, ITEMS);
    db.exec(
      `INSERT INTO items (id, doc, f_owner, f_id) VALUES ('a', '{"id":"a","owner":"o1"}', 'o1', 'a')`,
    );
    const holders = { items: { key: 'id', indexes: { by_holder: ['holder', 'id'] } } };
    const report = migrate(db, holders, [...SQLITE_MIGRATIONS, renameOwner]);
    expect(report).toEqual({
      from: 1,
      to: 2,
      applied: [{ version: 2, name: renameOwner.name }],
      rebuiltIndexes: [],
    });
    expect(db.prepare('SELECT doc, f_holder FROM items').get()).toEqual({
      doc: '{"id":"a","holder":"o1"}',
      f_holder: 'o1',
    });
    expect(migrate(db, holders, [...SQLITE_MIGRATIONS, renameOwner]).applied).toEqual([]);
    db.close();
  });

  it('says which indexes it made again (whole ones, made before indexes were partial), once', () => {
    const db = new Database(file());
    db.exec('CREATE TABLE items (id TEXT PRIMARY KEY, doc TEXT NOT NULL, f_owner, f_id)');
    db.exec('CREATE INDEX "items__by_owner" ON "items" (f_owner, f_id)');
    const report = migrate(db, ITEMS);
    expect(report.rebuiltIndexes).toEqual(['items__by_owner']);
    expect(describeReport(report)).toContain(
      'Made again 1 index whose definition changed (rows lacking an indexed field are left out): items__by_owner.',
    );
    expect(changedAnything(report)).toBe(true);
    const again = migrate(db, ITEMS);
    expect(again.rebuiltIndexes).toEqual([]);
    expect(describeReport(again)).toBe('Schema is up to date (version 1).');
    expect(changedAnything(again)).toBe(false);
    db.close();
  });

  it('keeps a compared field in an unindexed column of its own, filled for the rows already there', async () => {
    const path = file();
    const db = new Database(path);
    migrate(db, ITEMS);
    db.exec(
      `INSERT INTO items (id, doc, f_owner, f_id) VALUES ('a', '{"id":"a","owner":"o1","version":3}', 'o1', 'a')`,
    );
    db.close();
    const versioned = { items: { ...ITEMS.items, compared: ['version'] } };
    const store = createSqliteStore(path, versioned);
    const seen = { id: 'a', owner: 'o1', version: 3 };
    const next = { ...seen, version: 4 };
    const write = () => store.transact((tx) => tx.putIfUnchanged!('items', next, seen, 'version'));
    expect(await write()).toBe(true);
    expect(await write()).toBe(false);
    await store.close();
    const raw = new Database(path, { readonly: true });
    expect(raw.prepare('SELECT f_version FROM items').pluck().get()).toBe(4);
    const indexed = (raw.pragma('index_list(items)') as { name: string }[]).flatMap(({ name }) =>
      (raw.pragma(`index_info("${name}")`) as { name: string }[]).map((c) => c.name),
    );
    expect(indexed).toContain('f_owner');
    expect(indexed).not.toContain('f_version');
    raw.close();
  });

  it('leaves the database as it was when a migration fails', () => {
    const path = file();
    const db = new Database(path);
    migrate(db, ITEMS);
    db.exec(
      `INSERT INTO items (id, doc, f_owner, f_id) VALUES ('a', '{"id":"a","owner":"o1"}', 'o1', 'a')`,
    );
    const failing: SqliteMigration = {
      version: 3,
      name: 'fails half way',
      up: () => {
        throw new Error('disk on fire');
      },
    };
    const wider = {
      items: { key: 'id', indexes: { by_owner: ['owner', 'id'], by_kind: ['kind'] } },
    };
    expect(() => migrate(db, wider, [...SQLITE_MIGRATIONS, renameOwner, failing])).toThrow(
      'disk on fire',
    );
    expect(db.prepare('SELECT doc FROM items').pluck().get()).toBe('{"id":"a","owner":"o1"}');
    const columns = (db.pragma('table_info(items)') as { name: string }[]).map((c) => c.name);
    expect(columns).not.toContain('f_kind');
    db.close();
    expect(versions(path)).toEqual([{ version: 1, name: BASELINE.name }]);
  });

  it('refuses to open a database migrated by a newer release', () => {
    const path = file();
    const db = new Database(path);
    migrate(db, ITEMS, [...SQLITE_MIGRATIONS, renameOwner]);
    db.close();
    expect(() => createSqliteStore(path, ITEMS)).toThrow(
      /is at schema version 2, but this intent-server knows versions up to 1/,
    );
    expect(versions(path)).toHaveLength(2);
  });

  it('back-fills a newly indexed field from the stored documents: strings and numbers only', async () => {
    const path = file();
    const before = createSqliteStore(path, { items: { key: 'id', indexes: {} } });
    await before.transact(async (tx) => {
      for (const [id, rank] of [
        ['s', 'x'],
        ['n', 3],
        ['t', true],
        ['o', { a: 1 }],
      ] as const)
        await tx.put('items', { id, rank });
    });
    await before.close();
    const after = createSqliteStore(path, { items: { key: 'id', indexes: { by_rank: ['rank'] } } });
    const ranked = await after.query<Doc>('items', { index: 'by_rank', prefix: [] });
    expect(ranked.map((d) => d.id)).toEqual(['n', 's']);
    await after.close();
  });
});
