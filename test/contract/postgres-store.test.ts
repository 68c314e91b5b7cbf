import pg, { escapeLiteral } from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Doc } from '../../engine/index';
import { toSql } from '../../server/store/postgres-sql';
import {
  createTestPostgresStore,
  postgresUrl,
  sql,
  uniqueName,
  type TestPostgresStore,
} from '../support/postgres';
import { CONTRACT_SCHEMA } from './store-contract';

/** A store whose items are 5 000 rows of 50 owners, analysed: enough for the planner to use an index. */
async function storeOfManyItems() {
  const store = await createTestPostgresStore(CONTRACT_SCHEMA);
  await sql(`
    INSERT INTO "${store.schema}".items (id, doc)
    SELECT 'i' || g, jsonb_build_object('id', 'i' || g, 'owner', 'o' || (g % 50), 'kind', 'a', 'due', g)
      FROM generate_series(1, 5000) g;
    ANALYZE "${store.schema}".items;`);
  return store;
}

describe('PostgreSQL store specifics', () => {
  let store: TestPostgresStore | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  it('keeps documents as jsonb with typed index columns that PostgreSQL generates from them', async () => {
    store = await createTestPostgresStore(CONTRACT_SCHEMA);
    const columns = await sql<{ column_name: string; data_type: string; collation_name: string }>(
      `SELECT column_name, data_type, collation_name FROM information_schema.columns
        WHERE table_schema = $1 AND table_name = 'items' ORDER BY column_name`,
      [store.schema],
    );
    expect(columns).toEqual(
      expect.arrayContaining([
        { column_name: 'id', data_type: 'text', collation_name: 'C' },
        { column_name: 'doc', data_type: 'jsonb', collation_name: null },
        { column_name: 'num_due', data_type: 'double precision', collation_name: null },
        { column_name: 'str_due', data_type: 'text', collation_name: 'C' },
        { column_name: 'num_owner', data_type: 'double precision', collation_name: null },
        { column_name: 'str_owner', data_type: 'text', collation_name: 'C' },
      ]),
    );
    await store.transact((tx) => tx.put('items', { id: 'a', owner: 'o', due: 7 }));
    const [row] = await sql(
      `SELECT num_owner, str_owner, num_due, str_due, doc->>'id' AS id FROM "${store.schema}".items`,
    );
    expect(row).toEqual({ num_owner: Infinity, str_owner: 'o', num_due: 7, str_due: '', id: 'a' });
  });

  it('answers queries by walking the index, without sorting', async () => {
    store = await storeOfManyItems();
    const plan = async (query: Parameters<typeof toSql>[3]) => {
      const { sql: text, params } = toSql(store!.schema, 'items', CONTRACT_SCHEMA.items, query);
      const rows = await sql<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    const byOwner = await plan({
      index: 'by_owner',
      prefix: ['o7'],
      range: { lt: 'i900' },
      order: 'desc',
      limit: 10,
    });
    expect(byOwner).toMatch(/Index Scan Backward using items__by_owner/);
    expect(byOwner).not.toMatch(/Sort/);
    const due = await plan({ index: 'by_due', prefix: [], range: { lte: 40 }, limit: 100 });
    expect(due).toMatch(/Index Scan using items__by_due/);
    expect(due).not.toMatch(/Sort/);
  });

  it('runs each shape of query as one statement prepared per connection, right whatever its values', async () => {
    store = await createTestPostgresStore(CONTRACT_SCHEMA);
    await store.transact(async (tx) => {
      for (const [id, owner] of [
        ['a', 'o1'],
        ['b', 'o2'],
        ['c', 'o2'],
        ['d', 7],
      ] as const)
        await tx.put('items', { id, owner, kind: 'a' });
    });
    const sent = vi.spyOn(pg.Client.prototype, 'query');
    const owned = await store.transact(async (tx) => {
      const ids = [];
      for (const owner of ['o1', 'o2', 7, 'none']) {
        const rows = await tx.query<Doc>('items', { index: 'by_owner', prefix: [owner] });
        ids.push(rows.map((row) => row.id));
      }
      return ids;
    });
    expect(owned).toEqual([['a'], ['b', 'c'], ['d'], []]);
    const queries = sent.mock.calls
      .map(([config]) => config as unknown as { name?: string; text: string })
      .filter(
        (config) => typeof config === 'object' && /^SELECT doc .* ORDER BY/.test(config.text),
      );
    sent.mockRestore();
    expect(queries).toHaveLength(4);
    expect(new Set(queries.map((query) => query.name)).size).toBe(1);
    expect(queries[0]!.name).toEqual(expect.any(String));
  });

  it("walks the index in a prepared query's generic plan too", async () => {
    store = await storeOfManyItems();
    const { sql: text, params } = toSql(store.schema, 'items', CONTRACT_SCHEMA.items, {
      index: 'by_owner',
      prefix: ['o7'],
      range: { lt: 'i900' },
      order: 'desc',
      limit: 10,
    });
    // A named statement gets a generic plan (no values known) once it has run five times.
    const client = new pg.Client({ connectionString: postgresUrl() });
    await client.connect();
    try {
      await client.query('SET plan_cache_mode = force_generic_plan');
      await client.query(`PREPARE lane AS ${text}`);
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN EXECUTE lane(${params.map((value) => escapeLiteral(String(value))).join(', ')})`,
      );
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Index Scan Backward using items__by_owner/);
      expect(plan).not.toMatch(/Sort/);
    } finally {
      await client.end();
    }
  });

  it('opens at most poolSize connections', async () => {
    const sessions = async (poolSize: number) => {
      const app = uniqueName('pool');
      const url = new URL(postgresUrl());
      url.searchParams.set('application_name', app);
      const pooled = await createTestPostgresStore(CONTRACT_SCHEMA, {
        url: url.toString(),
        poolSize,
      });
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          pooled.transact(async (tx) => {
            await tx.get('items', `x${i}`);
            await tx.put('items', { id: `x${i}`, owner: 'o' });
          }),
        ),
      );
      const [{ count }] = (await sql<{ count: string }>(
        'SELECT count(*) FROM pg_stat_activity WHERE application_name = $1',
        [app],
      )) as [{ count: string }];
      expect(await pooled.query<Doc>('items', { index: 'by_owner', prefix: ['o'] })).toHaveLength(
        12,
      );
      await pooled.close();
      return Number(count);
    };
    expect(await sessions(2)).toBe(2);
    expect(await sessions(5)).toBe(5);
  });
});
