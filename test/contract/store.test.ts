import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll } from 'vitest';
import { createMemoryStore } from '../../engine/index';
import { createDexieStore } from '../../engine/adapters/dexie';
import { createSqliteStore } from '../../server/store/sqlite';
import { createTestPostgresStore } from '../support/postgres';
import { CONTRACT_SCHEMA, runStoreContract } from './store-contract';

const dir = mkdtempSync(join(tmpdir(), 'store-contract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

runStoreContract('memory', async () => createMemoryStore(CONTRACT_SCHEMA));
runStoreContract('dexie (fake-indexeddb)', async () =>
  createDexieStore(`contract-${n++}`, CONTRACT_SCHEMA, 1, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  }),
);
runStoreContract(
  'sqlite',
  async () => createSqliteStore(join(dir, `contract-${n++}.db`), CONTRACT_SCHEMA),
  { reread: true, putIfUnchanged: true },
);
runStoreContract('postgres', () => createTestPostgresStore(CONTRACT_SCHEMA), {
  reread: true,
  putIfUnchanged: true,
});
