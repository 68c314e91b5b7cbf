import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { Store, TableDef } from '../../engine/index';
import { openPostgresStore, type PostgresStoreOptions } from '../../server/store/postgres';

/** The run's PostgreSQL (test/support/postgres-global-setup.ts). */
export const postgresUrl = () => inject('postgresUrl');

/** A name no other test file or run uses. */
export const uniqueName = (prefix: string) =>
  `${prefix}_${process.pid}_${randomBytes(5).toString('hex')}`;

/** Runs SQL as the test's own client (not the store's), e.g. pg_terminate_backend. */
export async function sql<R extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
  url = postgresUrl(),
): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export type TestPostgresStore = Store & { schema: string };

/**
 * A PostgreSQL store in a schema of its own, dropped when the store closes: each test gets an
 * empty database without a server (or a CREATE DATABASE) of its own.
 */
export async function createTestPostgresStore(
  tables: Record<string, TableDef>,
  options: PostgresStoreOptions & { url?: string } = {},
): Promise<TestPostgresStore> {
  const schema = options.schema ?? uniqueName('test');
  const url = options.url ?? postgresUrl();
  const store = await openPostgresStore(url, tables, { poolSize: 4, ...options, schema });
  let closed = false;
  return {
    ...store,
    schema,
    async close() {
      if (closed) return;
      closed = true;
      await store.close();
      await sql(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`, [], url);
    },
  };
}

/** A database of its own, for tests that change database-wide settings; dropped by the caller. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = uniqueName('db');
  await sql(`CREATE DATABASE "${name}"`);
  const url = new URL(postgresUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => void (await sql(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}
