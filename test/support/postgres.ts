import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import type { Store, TableDef } from '../../engine/index';
import { openPostgresStore, type PostgresStoreOptions } from '../../server/store/postgres';
import './provided';

/** The run's PostgreSQL (test/support/postgres-global-setup.ts). */
export const postgresUrl = () => inject('postgresUrl');

/** A name no other test file or run uses. */
export const uniqueName = (prefix: string) =>
  `${prefix}_${process.pid}_${randomBytes(5).toString('hex')}`;

/** Connections of the test itself (not of a store), one small pool per database URL. */
const admins = new Map<string, pg.Pool>();

/** Runs SQL as the test's own client (not the store's), e.g. pg_terminate_backend. */
export async function sql<R extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
  url = postgresUrl(),
): Promise<R[]> {
  let admin = admins.get(url);
  if (!admin) {
    admin = new pg.Pool({ connectionString: url, max: 2, idleTimeoutMillis: 1000 });
    admin.on('error', () => {}); // an idle connection ended by a test (DROP DATABASE … FORCE)
    admins.set(url, admin);
  }
  return (await admin.query<R>(text, values)).rows;
}

export type TestPostgresStore = Store & { schema: string };

/**
 * Emptied schemas this test file may use again, by the tables they hold: creating one (a few
 * dozen DDL statements) costs far more than emptying it. Dropped when the file is done.
 */
const spare = new Map<string, string[]>();
afterAll(async () => {
  const schemas = [...spare.values()].flat();
  spare.clear();
  if (schemas.length > 0)
    await sql(schemas.map((s) => `DROP SCHEMA IF EXISTS "${s}" CASCADE;`).join('\n'));
  await Promise.all([...admins.values()].map((admin) => admin.end()));
  admins.clear();
});

/**
 * A PostgreSQL store in a schema of its own: each test gets an empty database without a server
 * (or a CREATE DATABASE) of its own. On close the schema is emptied for the file's next store
 * (or dropped, when it was named by the caller or holds something else than plain tables).
 */
export async function createTestPostgresStore(
  tables: Record<string, TableDef>,
  options: PostgresStoreOptions & { url?: string } = {},
): Promise<TestPostgresStore> {
  const url = options.url ?? postgresUrl();
  const shape = `${url}\u0000${JSON.stringify(tables)}`;
  const reusable = options.schema === undefined;
  const schema = options.schema ?? spare.get(shape)?.pop() ?? uniqueName('test');
  const store = await openPostgresStore(url, tables, { poolSize: 4, ...options, schema });
  let closed = false;
  return {
    ...store,
    schema,
    async close() {
      if (closed) return;
      closed = true;
      await store.close();
      if (reusable && (await emptied(url, schema, Object.keys(tables))))
        spare.set(shape, [...(spare.get(shape) ?? []), schema]);
      else await sql(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`, [], url);
    },
  };
}

/** Deletes every row of the schema's tables; false when it holds anything else (a test's trigger). */
async function emptied(url: string, schema: string, tables: string[]): Promise<boolean> {
  const [{ extra }] = (await sql<{ extra: string }>(
    `SELECT count(*) AS extra FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1`,
    [schema],
    url,
  )) as [{ extra: string }];
  if (Number(extra) > 0) return false;
  await sql(tables.map((t) => `DELETE FROM "${schema}"."${t}";`).join('\n'), [], url);
  return true;
}

/** A database of its own, for tests that change database-wide settings; dropped by the caller. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = uniqueName('db');
  await sql(`CREATE DATABASE "${name}"`);
  const url = new URL(postgresUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admins.get(url.toString())?.end();
      admins.delete(url.toString());
      await sql(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
