import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EngineError, TABLES, type Doc, type TableDef } from '../../engine/index';
import { intentBody, testApi } from '../support/api';
import {
  createTestDatabase,
  createTestPostgresStore,
  postgresUrl,
  sql,
  uniqueName,
  type TestPostgresStore,
} from '../support/postgres';
import { CONTRACT_SCHEMA } from './store-contract';

/** The store's sessions carry this name, so the test can find (and kill) them. */
const appName = uniqueName('app');
const withApp = (url: string) => {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', appName);
  return parsed.toString();
};
const backends = (where: string) =>
  sql<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND ${where}`,
    [appName],
  );
/** The last query of an idle session stays in pg_stat_activity: only a running COMMIT counts. */
const ACTIVE_COMMIT = `state = 'active' AND query = 'COMMIT'`;
const terminate = (where: string) =>
  sql(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND ${where}`,
    [appName],
  );

describe('PostgreSQL store: lost connections', () => {
  let store: TestPostgresStore;
  const connectionErrors: unknown[] = [];
  const open = async (url = postgresUrl(), tables: Record<string, TableDef> = CONTRACT_SCHEMA) => {
    store = await createTestPostgresStore(tables, {
      url: withApp(url),
      onConnectionError: (error) => connectionErrors.push(error),
    });
  };
  afterEach(async () => {
    await store.close();
    connectionErrors.length = 0;
  });

  it('reads again on a new connection when the one under a read is killed', async () => {
    await open();
    await store.transact((tx) => tx.put('items', { id: 'a', owner: 'o' }));
    // Hold a lock the read waits for, so that it is surely in flight when its backend is killed.
    const locker = new pg.Client({ connectionString: postgresUrl() });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query(`LOCK TABLE "${store.schema}".items IN ACCESS EXCLUSIVE MODE`);
    const read = store.get<Doc>('items', 'a');
    await vi.waitFor(
      async () => expect(await backends(`wait_event_type = 'Lock'`)).toHaveLength(1),
      { timeout: 4000 },
    );
    await terminate(`wait_event_type = 'Lock'`);
    await vi.waitFor(() => expect(connectionErrors.length).toBeGreaterThan(0), { timeout: 4000 });
    await locker.query('COMMIT');
    await locker.end();
    expect(await read).toEqual({ id: 'a', owner: 'o' });
  });

  it('runs a unit again when its connection is killed before COMMIT, and applies it once', async () => {
    await open();
    await store.transact((tx) => tx.put('items', { id: 'counter', owner: 'o', n: 0 }));
    let runs = 0;
    await store.transact(async (tx) => {
      runs++;
      const counter = (await tx.get<Doc>('items', 'counter'))!;
      await tx.put('items', { ...counter, n: (counter.n as number) + 1 });
      if (runs === 1) await terminate(`state = 'idle in transaction'`);
      await tx.put('other', { id: `run-${runs}`, owner: 'log' });
    });
    expect(runs).toBe(2);
    expect(connectionErrors.length).toBeGreaterThan(0);
    expect(await store.get('items', 'counter')).toMatchObject({ n: 1 });
    const log = await store.query<Doc>('other', { index: 'by_owner', prefix: ['log'] });
    expect(log.map((d) => d.id)).toEqual(['run-2']);
  });

  it('answers 503 with Retry-After, and never retries, when the connection breaks during COMMIT', async () => {
    await open();
    // A deferred trigger makes COMMIT slow enough to be caught in the middle.
    await sql(`
      CREATE FUNCTION "${store.schema}".slow_commit() RETURNS trigger LANGUAGE plpgsql
        AS $$ BEGIN PERFORM pg_sleep(10); RETURN NULL; END $$;
      CREATE CONSTRAINT TRIGGER slow_commit AFTER INSERT ON "${store.schema}".items
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "${store.schema}".slow_commit();`);
    let runs = 0;
    const unit = store.transact(async (tx) => {
      runs++;
      await tx.put('other', { id: 'first-half', owner: 'o' });
      await tx.put('items', { id: 'second-half', owner: 'o' });
    });
    const outcome = unit.then(
      () => 'committed',
      (error: unknown) => error,
    );
    await vi.waitFor(async () => expect(await backends(ACTIVE_COMMIT)).toHaveLength(1), {
      timeout: 4000,
    });
    await terminate(ACTIVE_COMMIT);
    const error = await outcome;
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ code: 'service_unavailable', retryAfter: 1 });
    expect((error as Error).message).toMatch(/may or may not have been saved/);
    expect(runs).toBe(1);
    // Never half-applied: here PostgreSQL rolled it all back.
    expect(await store.get('other', 'first-half')).toBeUndefined();
    expect(await store.get('items', 'second-half')).toBeUndefined();
  });

  it('answers 503 to writes and reads while the database refuses connections, and recovers by itself', async () => {
    const database = await createTestDatabase();
    const name = new URL(database.url).pathname.slice(1);
    try {
      await open(database.url, TABLES);
      const { call } = await testApi({ store });
      await sql(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
      await terminate('true');

      const create = await call('POST', '/v1/intents', { body: intentBody() });
      expect(create.status).toBe(503);
      expect(create.headers.get('Retry-After')).toBe('1');
      expect(create.body.error).toMatchObject({ type: 'api_error', code: 'service_unavailable' });
      await expect(store.transact((tx) => tx.put('settings', { name: 'x' }))).rejects.toMatchObject(
        {
          code: 'service_unavailable',
          message: expect.stringMatching(/nothing was changed/),
        },
      );
      await expect(store.get('intents', 'x')).rejects.toMatchObject({
        code: 'service_unavailable',
      });
      const list = await call('GET', '/v1/intents');
      expect(list.status).toBe(503);

      await sql(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      expect((await call('POST', '/v1/intents', { body: intentBody() })).status).toBe(201);
      expect((await call('GET', '/v1/intents')).body.data).toHaveLength(1);
    } finally {
      await sql(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      await store.close();
      await database.drop();
    }
  });
});
