import { setTimeout as sleep } from 'node:timers/promises';
import { Pool, types, type PoolClient } from 'pg';
import type { Doc, Query, Store, StoreTx, TableDef, UnitOptions } from '../../engine/index';
import { SchemaTooNewError, type MigrationReport } from './migrations';
import { ConnectFailed, isConnectionLoss, unavailable } from './postgres-errors';
import { migratePostgres } from './postgres-migrations';
import { txOperations } from './postgres-tx';
import { runUnit } from './postgres-unit';

export interface PostgresStoreOptions {
  /** Most connections the store opens (default 10). */
  poolSize?: number;
  /** Schema of the tables; by default the connection's current schema (usually `public`). */
  schema?: string;
  /** Told what the schema migration at open did (migrations.ts). */
  migrated?: (report: MigrationReport) => void;
  /** Told of every connection problem the store absorbed or turned into a 503. */
  onConnectionError?: (error: unknown) => void;
  /** How long a unit keeps retrying after serialization conflicts before answering 503 (ms). */
  conflictBudgetMs?: number;
}

const CONNECTION_ATTEMPTS = 3;
const JSONB = 3802;
/** jsonb arrives as text and is parsed by fromJsonb (postgres-text.ts). */
const documentsAsText = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === JSONB
      ? (text: string) => text
      : types.getTypeParser(oid, format)) as typeof types.getTypeParser,
};
const backoff = (attempt: number, capMs: number) =>
  sleep(Math.random() * Math.min(capMs, 2 ** attempt));

/**
 * PostgreSQL store (node-postgres pool). Documents are `jsonb` rows with typed index columns
 * generated from them (postgres-sql.ts); the schema is migrated at open (postgres-migrations.ts).
 *
 * Isolation: every unit runs as ONE SERIALIZABLE transaction. The engine re-reads what it
 * decides on inside `transact` (an intent's status, an idempotency record, an execution) and
 * needs that read to still be the truth when it commits: a cancel racing a purchase, two
 * instances creating the same idempotent object, two increments of one document. SERIALIZABLE
 * makes every interleaving equivalent to some serial order; the losers of a conflict get
 * 40001/40P01 and, because `work` may only await tx operations (the port's rule), running the
 * whole unit again is always safe — so the store does, with jittered backoff, for up to
 * `conflictBudgetMs`. Row locks would cover read-modify-write of existing rows but not "create
 * when absent", nor the engine's queries, without reasoning about every unit. The exception is a
 * unit that says it is guarded by its writes (UnitOptions: claims, whose every write is a
 * compare-and-set): it runs READ COMMITTED, where an UPDATE … WHERE re-checks its condition on
 * the row as committed, and takes no part in SERIALIZABLE's conflict tracking.
 *
 * Lost connections: a read is retried on a new connection. A unit whose connection breaks before
 * COMMIT was rolled back by PostgreSQL, so it runs again; one that cannot get a connection at all
 * answers 503 `service_unavailable` with Retry-After. A COMMIT whose answer never arrives may or
 * may not have been applied: the store never guesses, it answers 503 too (a retry with the same
 * Idempotency-Key is then safe). A transaction is all or nothing either way.
 */
export async function openPostgresStore(
  url: string,
  tables: Record<string, TableDef>,
  options: PostgresStoreOptions = {},
): Promise<Store> {
  const pool = new Pool({
    connectionString: url,
    // Names our sessions in pg_stat_activity; an application_name in the URL wins.
    application_name: 'intent-server',
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    allowExitOnIdle: true,
    types: documentsAsText,
  });
  // An idle connection that dies (server restart, pg_terminate_backend) is dropped by the pool.
  pool.on('error', (error) => options.onConnectionError?.(error));
  try {
    const current = await checkServer(pool);
    const schema = options.schema ?? current;
    const report = await migratePostgres(pool, schema, tables);
    options.migrated?.(report);
    return createStore(pool, schema, tables, options);
  } catch (error) {
    await pool.end();
    if (error instanceof SchemaTooNewError) throw error;
    const { hostname, port, pathname } = new URL(url);
    throw new Error(
      `PostgreSQL at ${hostname}:${port || 5432}${pathname}: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
}

/** Refuses a server the store cannot work with; answers the connection's current schema. */
async function checkServer(pool: Pool): Promise<string> {
  const { rows } = await pool.query<{ schema: string | null; encoding: string; version: string }>(
    `SELECT current_schema() AS schema, current_setting('server_encoding') AS encoding,
            current_setting('server_version_num') AS version`,
  );
  const { schema, encoding, version } = rows[0]!;
  if (Number(version) < 120000)
    throw new Error(`PostgreSQL 12 or newer is needed (generated columns); this is ${version}.`);
  if (encoding !== 'UTF8')
    throw new Error(`The database must use the UTF8 encoding (it uses ${encoding}).`);
  return schema ?? 'public';
}

function createStore(
  pool: Pool,
  schema: string,
  tables: Record<string, TableDef>,
  options: PostgresStoreOptions,
): Store {
  const conflictBudget = options.conflictBudgetMs ?? 5_000;
  let closed = false;
  const report = (error: unknown) => options.onConnectionError?.(error);

  /**
   * A pooled connection. While we hold it, a death between two queries (a unit between its
   * operations) is an 'error' event that nobody else listens to; its next query then fails.
   */
  async function connect(): Promise<PoolClient & { done(broken: boolean): void }> {
    if (closed) throw new Error('Store is closed');
    let client: PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw new ConnectFailed(error);
    }
    client.on('error', report);
    return Object.assign(client, {
      done(broken: boolean) {
        client.off('error', report);
        client.release(broken);
      },
    });
  }

  const txOn = txOperations(schema, tables);

  /** A read outside any unit: on a lost connection, again on another one. */
  async function read<T>(run: (tx: StoreTx) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      let client: Awaited<ReturnType<typeof connect>> | undefined;
      try {
        client = await connect();
        const value = await run(txOn(client));
        client.done(false);
        return value;
      } catch (error) {
        const lost = error instanceof ConnectFailed || isConnectionLoss(error);
        client?.done(lost);
        if (!lost) throw error;
        report(error);
        if (attempt >= CONNECTION_ATTEMPTS) throw unavailable('read', error);
        await backoff(attempt + 5, 200);
      }
    }
  }

  async function transact<T>(work: (tx: StoreTx) => Promise<T>, options?: UnitOptions): Promise<T> {
    const isolation = options?.guardedBy === 'writes' ? 'READ COMMITTED' : 'SERIALIZABLE';
    if (closed) throw new Error('Store is closed');
    const started = performance.now();
    for (let attempt = 1, lost = 0; ; attempt++) {
      let client: Awaited<ReturnType<typeof connect>>;
      try {
        client = await connect();
      } catch (error) {
        report(error);
        if (closed || ++lost >= CONNECTION_ATTEMPTS) throw unavailable('not_started', error);
        await backoff(lost + 5, 200);
        continue;
      }
      const { outcome, broken } = await runUnit(client, txOn, work, isolation);
      client.done(broken);
      switch (outcome.kind) {
        case 'committed':
          return outcome.value;
        case 'failed':
          throw outcome.error;
        case 'unknown':
          report(outcome.error);
          throw unavailable('unknown', outcome.error);
        case 'disconnected':
          report(outcome.error);
          if (++lost >= CONNECTION_ATTEMPTS) throw unavailable('not_started', outcome.error);
          await backoff(lost + 5, 200);
          break;
        case 'conflict':
          if (performance.now() - started > conflictBudget)
            throw unavailable('busy', outcome.error);
          await backoff(attempt, 50);
          break;
      }
    }
  }

  return {
    get: <T extends Doc>(table: string, key: string) => read((tx) => tx.get<T>(table, key)),
    query: <T extends Doc>(table: string, query: Query) => read((tx) => tx.query<T>(table, query)),
    transact,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
