import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Doc, TableDef } from '../../engine/index';
import { BASELINE, type MigrationReport } from '../../server/store/migrations';
import { openPostgresStore } from '../../server/store/postgres';
import {
  migratePostgres,
  POSTGRES_MIGRATIONS,
  type PostgresMigration,
} from '../../server/store/postgres-migrations';
import { postgresUrl, sql, uniqueName } from '../support/postgres';

const ITEMS = { items: { key: 'id', indexes: { by_owner: ['owner', 'id'] } } } satisfies Record<
  string,
  TableDef
>;

/** Renames `owner` to `holder` in every item: a migration that changes documents. */
const renameOwner: PostgresMigration = {
  version: 2,
  name: 'items: owner is now holder',
  up: async (client, schema) => {
    await client.query(
      `UPDATE "${schema}".items SET doc = (doc - 'owner') || jsonb_build_object('holder', doc -> 'owner')`,
    );
  },
};

describe('PostgreSQL schema migrations', () => {
  let schema: string;
  let pool: pg.Pool;
  beforeEach(() => {
    schema = uniqueName('mig');
    pool = new pg.Pool({ connectionString: postgresUrl(), max: 2 });
  });
  afterEach(async () => {
    await pool.end();
    await sql(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  });
  const versions = () =>
    sql(`SELECT version, name FROM "${schema}".schema_migrations ORDER BY version`);
  const indexes = async () =>
    (
      await sql<{ indexname: string; indexdef: string }>(
        `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1 AND indexname LIKE 'items\\_\\_%' ORDER BY indexname`,
        [schema],
      )
    ).map((i) => `${i.indexname}: ${i.indexdef.replace(/^.* USING btree /, '')}`);

  it('creates a fresh schema at the current version, and finds nothing to do the next time', async () => {
    expect(await migratePostgres(pool, schema, ITEMS)).toEqual({
      from: 0,
      to: 1,
      applied: [{ version: 1, name: BASELINE.name }],
    });
    expect(await migratePostgres(pool, schema, ITEMS)).toEqual({ from: 1, to: 1, applied: [] });
    expect(await versions()).toEqual([{ version: 1, name: BASELINE.name }]);
  });

  it('runs each pending migration once, in order; the generated index columns follow the documents', async () => {
    await migratePostgres(pool, schema, ITEMS);
    await sql(`INSERT INTO "${schema}".items (id, doc) VALUES ('a', '{"id":"a","owner":"o1"}')`);
    const holders = { items: { key: 'id', indexes: { by_holder: ['holder', 'id'] } } };
    const steps = [...POSTGRES_MIGRATIONS, renameOwner];
    expect((await migratePostgres(pool, schema, holders, steps)).applied).toEqual([
      { version: 2, name: renameOwner.name },
    ]);
    expect(await migratePostgres(pool, schema, holders, steps)).toMatchObject({ applied: [] });
    expect(await sql(`SELECT doc, str_holder FROM "${schema}".items`)).toEqual([
      { doc: { id: 'a', holder: 'o1' }, str_holder: 'o1' },
    ]);
  });

  it('leaves the schema as it was, DDL included, when a migration fails', async () => {
    await migratePostgres(pool, schema, ITEMS);
    await sql(`INSERT INTO "${schema}".items (id, doc) VALUES ('a', '{"id":"a","owner":"o1"}')`);
    const before = await indexes();
    const failing: PostgresMigration = {
      version: 3,
      name: 'fails half way',
      up: async () => {
        throw new Error('disk on fire');
      },
    };
    const wider = {
      items: { key: 'id', indexes: { by_owner: ['owner', 'id'], by_kind: ['kind'] } },
      more: { key: 'id', indexes: {} },
    };
    await expect(
      migratePostgres(pool, schema, wider, [...POSTGRES_MIGRATIONS, renameOwner, failing]),
    ).rejects.toThrow('disk on fire');
    expect(await versions()).toEqual([{ version: 1, name: BASELINE.name }]);
    expect(await indexes()).toEqual(before);
    expect(await sql(`SELECT doc FROM "${schema}".items`)).toEqual([
      { doc: { id: 'a', owner: 'o1' } },
    ]);
    expect(
      await sql(
        `SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'more'`,
        [schema],
      ),
    ).toEqual([]);
  });

  it('refuses to open a schema migrated by a newer release', async () => {
    await migratePostgres(pool, schema, ITEMS, [...POSTGRES_MIGRATIONS, renameOwner]);
    await expect(openPostgresStore(postgresUrl(), ITEMS, { schema })).rejects.toThrow(
      `The PostgreSQL schema "${schema}" is at schema version 2, but this intent-server knows versions up to 1`,
    );
  });

  it('lets instances that start together migrate once', async () => {
    const reports: MigrationReport[] = [];
    const stores = await Promise.all(
      Array.from({ length: 4 }, () =>
        openPostgresStore(postgresUrl(), ITEMS, { schema, migrated: (r) => reports.push(r) }),
      ),
    );
    expect(reports.map((r) => r.applied.length).sort()).toEqual([0, 0, 0, 1]);
    await Promise.all(stores.map((s) => s.close()));
  });

  it('rebuilds an index whose fields changed, drops one no longer declared, fills a new index column for existing rows', async () => {
    const store = await openPostgresStore(
      postgresUrl(),
      { items: { key: 'id', indexes: { by_owner: ['owner'], by_kind: ['kind'] } } },
      { schema },
    );
    await store.transact(async (tx) => {
      await tx.put('items', { id: 'a', owner: 'o1', rank: 2 });
      await tx.put('items', { id: 'b', owner: 'o1', rank: 1 });
    });
    await store.close();
    const changed = { items: { key: 'id', indexes: { by_owner: ['owner', 'rank'] } } };
    const reopened = await openPostgresStore(postgresUrl(), changed, { schema });
    expect(await indexes()).toEqual([
      'items__by_owner: (num_owner, str_owner, num_rank, str_rank) WHERE ((num_owner IS NOT NULL) AND (num_rank IS NOT NULL))',
    ]);
    const ranked = await reopened.query<Doc>('items', { index: 'by_owner', prefix: ['o1'] });
    expect(ranked.map((d) => d.id)).toEqual(['b', 'a']);
    await reopened.close();
  });
});
