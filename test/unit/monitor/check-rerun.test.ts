import { fdatasync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  TABLES,
  type Doc,
  type Fetcher,
  type Query,
  type Store,
  type StoreTx,
} from '../../../engine/index';
import type { EngineContext } from '../../../engine/context';
import { createMonitor } from '../../../engine/monitor/monitor';
import { createSqliteStore, type SqliteStoreOptions } from '../../../server/store/sqlite';
import { intentBody, testApi } from '../../support/api';
import { jsonLd, page, productWithOffers } from '../extract/pages';

const URL = 'https://shop.example.com/products/kettle';
const PAGE = page(
  '<h1>Kettle</h1>',
  jsonLd(productWithOffers('Kettle', [{ sku: 'k-1', price: '80.00' }])),
);

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/**
 * A SQLite store that calls `state.wroteIntents` after the work of every unit that wrote an
 * intent; once `armed`, the first such unit throws after its writes: the store then rolls the
 * batch back and runs its units again, each alone (sqlite.ts runUnits).
 */
function watchedStore(options: SqliteStoreOptions = {}) {
  dir = mkdtempSync(join(tmpdir(), 'check-rerun-'));
  const sqlite = createSqliteStore(join(dir, 'store.db'), TABLES, options);
  const state = { armed: false, runs: 0, readsInUnit: 0, wroteIntents: () => {} };
  const watched = (tx: StoreTx, wrote: () => void): StoreTx => ({
    ...tx,
    put: (table, doc) => {
      if (table === 'intents') wrote();
      return tx.put(table, doc);
    },
    ...(tx.putIfUnchanged && {
      putIfUnchanged: (table, doc, seen, field) => {
        if (table === 'intents') wrote();
        return tx.putIfUnchanged!(table, doc, seen, field);
      },
    }),
    query: (table, query) => {
      if (table === 'intents' && query.index === 'by_watch') state.readsInUnit++;
      return tx.query(table, query);
    },
  });
  const store: Store = {
    ...sqlite,
    transact: (work, options) =>
      sqlite.transact(async (tx) => {
        let wroteIntent = false;
        const result = await work(watched(tx, () => (wroteIntent = true)));
        if (wroteIntent) state.wroteIntents();
        if (wroteIntent && state.armed) {
          state.runs++;
          if (state.runs === 1) throw new Error('a unit failing after its writes');
        }
        return result;
      }, options),
  };
  return { store, state };
}

/** Three intents on the kettle's page (over 50.00 each: the page's 80.00 is too dear). */
async function threeIntentsOnAPage(api: Awaited<ReturnType<typeof testApi>>) {
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const body = intentBody({
      objective: { product: { product_url: URL, quantity: 1 } },
      conditions: { availability: 'in_stock', max_price_cents: 5_000, currency: 'USD' },
    });
    const created = await api.call('POST', '/v1/intents', { body });
    expect(created.status).toBe(201);
    ids.push(created.body.intent_id as string);
  }
  return ids;
}

const fetcher: Fetcher = {
  fetch: async ({ url }) => ({ status: 200, url, headers: {}, body: PAGE }),
};
const monitorOn = (ctx: EngineContext) =>
  createMonitor(ctx, { fetcherFor: () => fetcher, intervalMs: 60_000, jitter: 0 });

describe("a check's unit run again", () => {
  it('decides for the intents as its transaction reads them: each moves once, with one event', async () => {
    const { store, state } = watchedStore();
    const api = await testApi({ store });
    const ids = await threeIntentsOnAPage(api);
    const monitor = monitorOn(api.engine.ctx);

    state.armed = true;
    const round = await monitor.round();

    // The first run took the intents read before the fetch; the second read them itself.
    expect(state.runs).toBe(2);
    expect(state.readsInUnit).toBeGreaterThanOrEqual(1);
    expect(round.transitions).toBe(3);
    for (const id of ids) {
      const intent = (await api.call('GET', `/v1/intents/${id}`)).body;
      expect(intent.status).toBe('waiting');
      const events = (await api.call('GET', `/v1/intents/${id}/events`)).body.events as {
        type: string;
        data: { reason?: string };
      }[];
      expect(events.map((event) => event.type)).toEqual(['intent.created', 'intent.waiting']);
      expect(events[1]!.data.reason).toBe('PRICE_ABOVE_LIMIT');
    }
    await api.engine.close();
  });
});

describe('the intents a check read before its fetch', () => {
  it('are not held once its unit ran, while its commit is synced', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    let holdSync = false;
    let releaseSync = () => {};
    const released = new Promise<void>((resolve) => (releaseSync = resolve));
    let syncHeld = () => {};
    const held = new Promise<void>((resolve) => (syncHeld = resolve));
    const { store, state } = watchedStore({
      syncFile: (fd, done) => {
        if (!holdSync) return fdatasync(fd, done);
        syncHeld();
        void released.then(() => fdatasync(fd, done));
      },
    });
    const api = await testApi({ store });
    await threeIntentsOnAPage(api);
    // The intents the monitor reads outside its transactions: those read before the fetch.
    const { ctx } = api.engine;
    const read: WeakRef<object>[] = [];
    const reading: Store = {
      ...ctx.store,
      query: async <T extends Doc>(table: string, query: Query) => {
        const docs = await ctx.store.query<T>(table, query);
        if (table === 'intents') for (const doc of docs) read.push(new WeakRef(doc));
        return docs;
      },
    };
    const monitor = monitorOn({ ...ctx, store: reading });
    // The check's unit wrote the intents: its commit's sync is held.
    state.wroteIntents = () => (holdSync = true);

    const round = monitor.round();
    await held;
    expect(read).toHaveLength(3);
    gc();
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    expect(read.filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
    releaseSync();
    expect((await round).transitions).toBe(3);
    await api.engine.close();
  });
});
