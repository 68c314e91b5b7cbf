import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, inject, onTestFinished } from 'vitest';
import { createMemoryStore, TABLES, type Store, type StoreTx } from '../../engine/index';
import { createSqliteStore } from '../../server/store/sqlite';
import { createTestPostgresStore, sql, uniqueName } from './postgres';
import './provided';

/**
 * The store the API suite runs on in this vitest project (vitest.config.ts runs test/api once
 * per adapter: memory, SQLite, PostgreSQL; memory elsewhere), empty for each test and closed to
 * it when the test ends.
 *
 * Memory stores are made per test. A SQLite or PostgreSQL store is opened once per test file
 * and lent to each test (opening one costs a checkpointer thread or a pool and a migration, far
 * more than most API tests): when the test ends its lease refuses further calls, waits for the
 * calls in flight, and the tables are emptied for the next test.
 */
export async function apiStore(): Promise<Store> {
  const kind = inject('apiStore') ?? 'memory';
  const store = kind === 'memory' ? createMemoryStore(TABLES) : lease(await shared(kind));
  let closing: Promise<void> | undefined;
  const once: Store = { ...store, close: () => (closing ??= store.close()) };
  onTestFinished(() => once.close());
  return once;
}

interface Shared {
  store: Store;
  empty: () => Promise<void>;
}
const opened = new Map<string, Promise<Shared>>();
afterAll(async () => {
  const all = await Promise.all(opened.values());
  opened.clear();
  await Promise.all(all.map(({ store }) => store.close()));
});

function shared(kind: 'sqlite' | 'postgres'): Promise<Shared> {
  let open = opened.get(kind);
  if (!open) {
    open = kind === 'sqlite' ? openSqlite() : openPostgres();
    opened.set(kind, open);
  }
  return open;
}

const TABLE_NAMES = Object.keys(TABLES);

async function openPostgres(): Promise<Shared> {
  // A schema of its own, dropped at close (afterAll hooks run in reverse: before postgres.ts's).
  const store = await createTestPostgresStore(TABLES, { schema: uniqueName('api') });
  const deletes = TABLE_NAMES.map((t) => `DELETE FROM "${store.schema}"."${t}";`).join('\n');
  return { store, empty: async () => void (await sql(deletes)) };
}

async function openSqlite(): Promise<Shared> {
  const dir = mkdtempSync(join(tmpdir(), 'api-sqlite-'));
  const file = join(dir, 'api.db');
  const store = createSqliteStore(file, TABLES);
  // Another connection, as another process would: the store's read cache sees it commit.
  const cleaner = new Database(file);
  const empty = cleaner.transaction(() => {
    for (const table of TABLE_NAMES) cleaner.exec(`DELETE FROM "${table}"`);
  });
  return {
    store: {
      ...store,
      async close() {
        cleaner.close();
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    },
    empty: async () => empty(),
  };
}

/** The shared store for one test: closing it ends the lease and empties the tables. */
function lease({ store, empty }: Shared): Store {
  let closed = false;
  const inFlight = new Set<Promise<unknown>>();
  const guard = <T>(run: () => Promise<T>): Promise<T> => {
    if (closed) return Promise.reject(new Error('Store is closed'));
    const call = run();
    inFlight.add(call);
    void call.catch(() => {}).finally(() => inFlight.delete(call));
    return call;
  };
  return {
    get: (table, key) => guard(() => store.get(table, key)),
    query: (table, query) => guard(() => store.query(table, query)),
    transact: <T>(work: (tx: StoreTx) => Promise<T>) => guard(() => store.transact(work)),
    async close() {
      closed = true;
      await Promise.allSettled(inFlight);
      await empty();
    },
  };
}
