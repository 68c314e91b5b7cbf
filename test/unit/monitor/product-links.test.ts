import { describe, expect, it } from 'vitest';
import { createMemoryStore, TABLES, type Store } from '../../../engine/index';
import { productPurchase, seedProduct } from '../../support/catalog-seed';
import {
  call,
  engineOn,
  newWorld,
  ordersOf,
  SANDBOX,
  SANDBOX_2,
  setProduct,
  settle,
  type World,
} from '../../support/world';

/**
 * The links of a product_id intent to its offers' pages (intents/links.ts, monitor/relink.ts):
 * whatever happened to a page's watch meanwhile, a linked page is checked for the intent.
 */

const MINUTE = 60_000;
const SKU = 'runner';
const PAGE = `${SANDBOX}/products/${SKU}`;
const WATCH = `test ${PAGE}`;
const watchOf = (world: World) => world.store.get('watches', WATCH);

/** A memory store that runs `hook.run` once, when a check next asks which intents are on PAGE. */
function storeWithHook(hook: { run: (() => Promise<void>) | null }): Store {
  const store = createMemoryStore(TABLES);
  return {
    ...store,
    async query(table, query) {
      const run = hook.run;
      if (run && table === 'intents' && query.index === 'by_watch' && query.prefix[0] === WATCH) {
        hook.run = null;
        await run();
      }
      return store.query(table, query);
    },
  };
}

/** A product sold at SANDBOX only, and a product_id intent for it (not checked yet). */
async function oneShop(price_cents: number) {
  const world = await newWorld({ shops: [SANDBOX_2] });
  await setProduct(world, SKU, { price_cents }, SANDBOX);
  const productId = await seedProduct(world.store, [{ url: PAGE, sku: SKU }]);
  const res = await call(world, 'POST', '/v1/intents', productPurchase(productId));
  expect(res.status).toBe(201);
  return { world, id: res.body.intent_id as string };
}

describe('a product_id intent whose page lost its watch', () => {
  it('is watched again through its link when a URL intent brings the watch back first', async () => {
    const { world, id } = await oneShop(13_000); // above max_price_cents: nothing bought yet
    await settle(world);
    expect((await call(world, 'GET', `/v1/intents/${id}`)).body.status).toBe('waiting');
    // The page's watch is dropped (monitor.ts idleWatch, racing another instance's relink), and
    // a URL intent on the page creates it again before the product intent is relinked.
    await world.store.transact((tx) => tx.delete('watches', `test ${PAGE}`));
    const onPage = {
      type: 'purchase',
      external_user_id: 'u',
      objective: { product: { product_url: PAGE } },
      conditions: { max_price_cents: 1_000, currency: 'USD' },
    };
    expect((await call(world, 'POST', '/v1/intents', onPage)).status).toBe(201);
    await setProduct(world, SKU, { price_cents: 11_000 }, SANDBOX);
    for (let round = 0; round < 3; round++) {
      world.clock.advance(MINUTE);
      await settle(world);
    }
    expect(ordersOf(world, SKU)).toHaveLength(1);
    expect((await watchOf(world))?.linked).toBe(true);
  });
});

describe('a page nobody but a product_id intent watches', () => {
  it('keeps its watch when another instance links an intent to it during the check', async () => {
    const hook: { run: (() => Promise<void>) | null } = { run: null };
    const world = await newWorld({ store: storeWithHook(hook), shops: [SANDBOX_2] });
    await setProduct(world, SKU, { price_cents: 13_000 }, SANDBOX); // above the limit
    const productId = await seedProduct(world.store, [{ url: PAGE, sku: SKU }]);
    // A URL intent on the page, canceled: its watch is due with nobody on it.
    const onPage = {
      type: 'purchase',
      external_user_id: 'u',
      objective: { product: { product_url: PAGE } },
    };
    const url = (await call(world, 'POST', '/v1/intents', onPage)).body.intent_id as string;
    expect((await call(world, 'POST', `/v1/intents/${url}/cancel`)).status).toBe(200);
    // While this instance checks the idle page, a product intent is created and another
    // instance links it to that page.
    const other = engineOn(world, { value: true }, { instanceId: 'b' });
    hook.run = async () => {
      expect((await call(world, 'POST', '/v1/intents', productPurchase(productId))).status).toBe(
        201,
      );
      await other.monitor!.round();
    };
    await settle(world);
    expect(hook.run).toBeNull();
    expect(
      await world.store.query('intent_watches', { index: 'by_watch', prefix: [WATCH] }),
    ).toHaveLength(1);
    expect(await watchOf(world)).toMatchObject({ linked: true });
  });
});
