import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { createSqliteStore } from '../../server/store/sqlite';
import { CONTRACT_SCHEMA } from './store-contract';

// Every connection opened while `cap.pages` is set may grow the file to that many pages and no
// more: a write past it fails with SQLITE_FULL, and SQLite then rolls the whole transaction back
// by itself (what a full disk or an I/O error does too).
const cap = vi.hoisted(() => ({ pages: 0 }));
vi.mock('better-sqlite3', async (importOriginal) => {
  const { default: Database } = await importOriginal<{
    default: typeof import('better-sqlite3');
  }>();
  class Capped extends Database {
    constructor(...args: ConstructorParameters<typeof Database>) {
      super(...args);
      if (cap.pages > 0) this.pragma(`max_page_count = ${cap.pages}`);
    }
  }
  return { default: Capped };
});

const dir = mkdtempSync(join(tmpdir(), 'sqlite-rollback-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('answers no unit of a batch SQLite rolled back by itself as done, and leaves nothing of a refused one', async () => {
  const file = join(dir, 'full.db');
  const made = createSqliteStore(file, CONTRACT_SCHEMA);
  await made.transact((tx) => tx.put('items', { id: 'seed', owner: 'o' }));
  await made.close();
  const { default: Database } = await import('better-sqlite3');
  const probe = new Database(file);
  cap.pages = (probe.pragma('page_count', { simple: true }) as number) + 2;
  probe.close();
  const store = createSqliteStore(file, CONTRACT_SCHEMA);
  try {
    const results = await Promise.allSettled([
      store.transact((tx) => tx.put('items', { id: 'before', owner: 'o' })),
      store.transact((tx) =>
        tx.put('items', { id: 'huge', owner: 'o', text: 'x'.repeat(200_000) }),
      ),
      store.transact((tx) => tx.put('items', { id: 'after', owner: 'o' })),
    ]);
    expect(results[1]!.status).toBe('rejected');
    cap.pages = 0;
    // Whatever each was answered, its row is there exactly when it was answered done.
    for (const [i, id] of ['before', 'huge', 'after'].entries()) {
      const stored = (await store.get('items', id)) !== undefined;
      expect({ id, stored }).toEqual({ id, stored: results[i]!.status === 'fulfilled' });
    }
  } finally {
    cap.pages = 0;
    await store.close();
  }
});
