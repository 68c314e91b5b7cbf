import { fdatasync, fdatasyncSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../../server/store/sqlite';
import { CONTRACT_SCHEMA } from './store-contract';

const dir = mkdtempSync(join(tmpdir(), 'sqlite-durability-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const file = () => join(dir, `d-${n++}.db`);

/** A WAL sync the test completes by hand: each call waits until released (synced) or failed. */
function heldSync() {
  const pending: { fd: number; done: (error: Error | null) => void }[] = [];
  let calls = 0;
  return {
    syncFile: (fd: number, done: (error: Error | null) => void) => {
      calls++;
      pending.push({ fd, done });
    },
    calls: () => calls,
    release: () => pending.splice(0).forEach(({ fd, done }) => fdatasync(fd, done)),
    /** Ends the held syncs with `error` instead. */
    fail: (error: Error) => pending.splice(0).forEach(({ done }) => done(error)),
  };
}

const settledSoon = async (promise: Promise<unknown>) => {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
  return settled;
};

const tick = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A store whose first unit's sync is held, and twenty units made while it is: `laterRows` counts
 * those of them committed (a second connection sees them).
 */
async function twentyDuringAHeldSync(maxBatch?: number) {
  const path = file();
  const sync = heldSync();
  const store = createSqliteStore(path, CONTRACT_SCHEMA, { syncFile: sync.syncFile, maxBatch });
  const first = store.transact((tx) => tx.put('items', { id: 'first', owner: 'o' }));
  while (sync.calls() === 0) await tick();
  const later = Array.from({ length: 20 }, (_, i) =>
    store.transact((tx) => tx.put('items', { id: `later-${i}`, owner: 'o' })),
  );
  const spy = new Database(path, { readonly: true });
  const count = spy.prepare(`SELECT count(*) FROM items WHERE id LIKE 'later-%'`).pluck();
  return { store, sync, first, later, spy, laterRows: () => count.get() as number };
}

describe('SQLite store: commits synced off the request thread', () => {
  it('acknowledges a unit, and shows its writes to readers, only once its commit is synced', async () => {
    const path = file();
    const sync = heldSync();
    const store = createSqliteStore(path, CONTRACT_SCHEMA, { syncFile: sync.syncFile });
    const unit = store.transact((tx) => tx.put('items', { id: 'a', owner: 'o' }));
    expect(await settledSoon(unit)).toBe(false);
    const read = store.get('items', 'a');
    expect(await settledSoon(read)).toBe(false);
    // Committed (another connection sees the row) but not yet acknowledged.
    const spy = new Database(path, { readonly: true });
    expect(spy.prepare(`SELECT count(*) FROM items WHERE id = 'a'`).pluck().get()).toBe(1);
    spy.close();
    sync.release();
    await unit;
    expect(await read).toEqual({ id: 'a', owner: 'o' });
    await store.close();
  });

  it('holds units that come during a sync, then commits them together for the next', async () => {
    const { store, sync, first, later, laterRows, spy } = await twentyDuringAHeldSync();
    // Not committed while the first sync is held: committed now, they would be durable no sooner.
    expect(await settledSoon(Promise.all(later))).toBe(false);
    expect(laterRows()).toBe(0);
    expect(sync.calls()).toBe(1);
    sync.release();
    await first;
    while (sync.calls() < 2) await tick();
    // All twenty in the commit the second sync covers, none acknowledged before it ends.
    expect(laterRows()).toBe(20);
    expect(await settledSoon(Promise.all(later))).toBe(false);
    sync.release();
    await Promise.all(later);
    expect(sync.calls()).toBe(2);
    spy.close();
    await store.close();
  });

  it('commits full batches at once while a sync runs; only the rest waits for it', async () => {
    const { store, sync, first, later, laterRows, spy } = await twentyDuringAHeldSync(8);
    expect(await settledSoon(Promise.all(later))).toBe(false);
    // Two full batches of eight committed during the held sync, the last four waiting for it.
    expect(laterRows()).toBe(16);
    sync.release();
    await first;
    while (laterRows() < 20) await tick();
    let acknowledged = false;
    void Promise.all(later).then(() => (acknowledged = true));
    while (!acknowledged) {
      sync.release();
      await tick();
    }
    spy.close();
    await store.close();
  });

  it('fails, and does not wait forever, when a sync cannot even start', async () => {
    const store = createSqliteStore(file(), CONTRACT_SCHEMA, {
      syncFile: () => {
        throw new Error('EBADF');
      },
    });
    for (const id of ['a', 'b']) {
      await expect(store.transact((tx) => tx.put('items', { id, owner: 'o' }))).rejects.toThrow(
        'WAL sync failed: EBADF',
      );
    }
    await store.close();
  });

  it('hears a sync once, even from a syncFile that calls back and then throws', async () => {
    const store = createSqliteStore(file(), CONTRACT_SCHEMA, {
      syncFile: (fd, done) => {
        fdatasyncSync(fd);
        done(null);
        throw new Error('after the fact');
      },
    });
    for (const id of ['a', 'b']) await store.transact((tx) => tx.put('items', { id, owner: 'o' }));
    expect(await store.get('items', 'b')).toEqual({ id: 'b', owner: 'o' });
    await store.close();
  });

  it('fails the units a failed sync covered, and every read after it', async () => {
    const store = createSqliteStore(file(), CONTRACT_SCHEMA, {
      syncFile: (_fd, done) => done(new Error('EIO')),
    });
    await expect(store.transact((tx) => tx.put('items', { id: 'a', owner: 'o' }))).rejects.toThrow(
      'WAL sync failed: EIO',
    );
    await expect(store.query('items', { index: 'by_owner', prefix: ['o'] })).rejects.toThrow('EIO');
    await store.close();
  });

  it('writes nothing once a sync failed: later units are refused before they run', async () => {
    const path = file();
    const sync = heldSync();
    const store = createSqliteStore(path, CONTRACT_SCHEMA, { syncFile: sync.syncFile });
    const first = store.transact((tx) => tx.put('items', { id: 'first', owner: 'o' }));
    while (sync.calls() === 0) await tick();
    // Queued while the sync runs, then the sync fails: these must never be committed.
    const queued = store.transact((tx) => tx.put('items', { id: 'queued', owner: 'o' }));
    sync.fail(new Error('EIO'));
    await expect(first).rejects.toThrow('WAL sync failed: EIO');
    await expect(queued).rejects.toThrow('WAL sync failed: EIO');
    let ran = false;
    const after = store.transact(async (tx) => {
      ran = true;
      await tx.put('items', { id: 'after', owner: 'o' });
    });
    await expect(after).rejects.toThrow('WAL sync failed: EIO');
    expect(ran).toBe(false);
    const spy = new Database(path, { readonly: true });
    const ids = spy.prepare('SELECT id FROM items ORDER BY id').pluck().all();
    spy.close();
    expect(ids).toEqual(['first']);
    await store.close();
  });
});
