import { describe, expect, it } from 'vitest';
import {
  createEngine,
  createMemoryStore,
  TABLES,
  type Scheduler,
  type Store,
} from '../../../engine/index';
import { recordProduct } from '../../../engine/resolve/ingest-product';
import { place, sighting } from '../../support/catalog';
import { fakeClock } from '../../support/clock';

/** A scheduler whose tasks run when the test says (one tick = every task once). */
function manualScheduler() {
  const tasks: (() => Promise<void>)[] = [];
  const scheduler: Scheduler = {
    every: (_ms, task) => {
      tasks.push(task);
      return () => tasks.splice(tasks.indexOf(task), 1);
    },
  };
  return { scheduler, tick: () => Promise.all(tasks.map((task) => task())) };
}

async function engineOn(store: Store, clock = fakeClock(), shared = false) {
  const engine = createEngine({ store, clock, resolve: { shared } });
  const { key } = await engine.keys.create('acme');
  const resolve = async (query: string) => {
    const res = await engine.fetch(
      new Request('http://api.test/v1/resolve/products', {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ query }),
      }),
    );
    const body = (await res.json()) as { candidates: { name: string }[] };
    return body.candidates.map((c) => c.name);
  };
  return { engine, clock, key, resolve };
}

const named = (name: string, url = `https://shop.example.com/${name.replace(/\W/g, '-')}`) =>
  sighting({ name, offer: { url } });

describe('the product search index', () => {
  it('is built from the store on first use', async () => {
    const store = createMemoryStore(TABLES);
    const writer = await engineOn(store);
    await writer.engine.catalog.importProducts([named('Kaldor Espresso Machine')]);
    const reader = await engineOn(store);
    expect(await reader.resolve('kaldor espresso')).toEqual(['Kaldor Espresso Machine']);
  });

  it('finds a product as soon as its write committed, without a rebuild', async () => {
    const t = await engineOn(createMemoryStore(TABLES));
    expect(await t.resolve('kaldor espresso')).toEqual([]);
    await t.engine.catalog.importProducts([named('Kaldor Espresso Machine')]);
    expect(await t.resolve('kaldor espresso')).toEqual(['Kaldor Espresso Machine']);
  });

  it('never shows a product whose transaction rolled back', async () => {
    const t = await engineOn(createMemoryStore(TABLES));
    await t.resolve('warm the index');
    const failed = t.engine.ctx.store.transact(async (tx) => {
      await recordProduct(tx, t.engine.ctx, named('Kaldor Espresso Machine'));
      throw new Error('the rest of the unit failed');
    });
    await expect(failed).rejects.toThrow('the rest of the unit failed');
    expect(await t.resolve('kaldor espresso')).toEqual([]);
  });

  it('picks up what another engine on the store wrote at the next tick (shared store)', async () => {
    const store = createMemoryStore(TABLES);
    const clock = fakeClock();
    const a = await engineOn(store, clock, true);
    const b = await engineOn(store, clock);
    const ticks = manualScheduler();
    await a.engine.start(ticks.scheduler, 1000);
    expect(await a.resolve('kaldor espresso')).toEqual([]);
    await b.engine.catalog.importProducts([named('Kaldor Espresso Machine')]);
    await b.engine.catalog.importVenues([place({ name: 'Harbor & Vine' })]);
    const venues = async () => {
      const res = await a.engine.fetch(
        new Request('http://api.test/v1/resolve/venues', {
          method: 'POST',
          headers: { Authorization: `Bearer ${a.key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ query: 'harbor', location: { city: 'Austin' } }),
        }),
      );
      return ((await res.json()) as { candidates: unknown[] }).candidates;
    };
    expect(await a.resolve('kaldor espresso')).toEqual([]);
    expect(await venues()).toEqual([]);
    clock.advance(1000);
    await ticks.tick();
    expect(await a.resolve('kaldor espresso')).toEqual(['Kaldor Espresso Machine']);
    expect(await venues()).toHaveLength(1);
    await a.engine.close();
  });

  it('still sees a write stamped up to two seconds before the previous poll (a slow commit, a clock behind)', async () => {
    const store = createMemoryStore(TABLES);
    const clock = fakeClock();
    const a = await engineOn(store, clock, true);
    const behind = { ...fakeClock(), now: () => clock.now() - 1500 };
    const b = await engineOn(store, behind);
    const ticks = manualScheduler();
    await a.engine.start(ticks.scheduler, 1000);
    await a.resolve('warm the index');
    clock.advance(1000);
    await ticks.tick();
    await b.engine.catalog.importProducts([named('Kaldor Espresso Machine')]);
    clock.advance(1000);
    await ticks.tick();
    expect(await a.resolve('kaldor espresso')).toEqual(['Kaldor Espresso Machine']);
    await a.engine.close();
  });
});
