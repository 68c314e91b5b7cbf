import { describe, expect, it } from 'vitest';
import { productPurchase, seedOffer, seedProduct } from '../../support/catalog-seed';
import { call, newWorld, SANDBOX, SANDBOX_2, setProduct, settle } from '../../support/world';
import { eventsOf, intentOf, orders, pageAt, SKU, twoShops } from '../../support/two-shops';

/**
 * A product_id intent that cannot buy yet: the reason it waits with, the catalog's offers it links
 * to, the pages it shares with URL intents, and what is forgotten once it ended.
 */

const MINUTE = 60_000;

describe('a product_id intent: waiting and links', () => {
  it('waits with the reason of the offer that came closest, one event per change', async () => {
    const { world, id } = await twoShops(
      { price_cents: 9_000, availability: 'out_of_stock' },
      { price_cents: 13_000 },
    );
    const waiting = async () =>
      (await eventsOf(world, id)).filter((e) => e.type === 'intent.waiting').map((e) => e.data);
    await settle(world);
    // Over the price limit got further through the checks than out of stock.
    expect(await waiting()).toEqual([
      expect.objectContaining({ reason: 'PRICE_ABOVE_LIMIT', merchant: '127.0.0.2' }),
    ]);
    await setProduct(world, SKU, { price_cents: 12_500 }, SANDBOX_2);
    world.clock.advance(2 * MINUTE);
    await settle(world);
    expect(await waiting()).toHaveLength(1);
    expect((await intentOf(world, id)).last_observation).toMatchObject({
      merchant: '127.0.0.2',
      price_cents: 12_500,
      other_offers: [
        expect.objectContaining({ merchant: '127.0.0.1', availability: 'out_of_stock' }),
      ],
    });
    await setProduct(world, SKU, { availability: 'in_stock' }, SANDBOX);
    world.clock.advance(2 * MINUTE);
    await settle(world);
    expect(orders(world)).toEqual({ a: 1, b: 0 });
  });

  it('waits with NO_OFFER until the catalog gains an offer, which is watched within a check interval', async () => {
    const world = await newWorld({ shops: [SANDBOX_2] });
    await setProduct(world, SKU, { price_cents: 9_000 }, SANDBOX_2);
    const productId = await seedProduct(world.store, []);
    const id = (await call(world, 'POST', '/v1/intents', productPurchase(productId))).body
      .intent_id as string;
    await settle(world);
    expect((await intentOf(world, id)).status).toBe('waiting');
    expect((await eventsOf(world, id)).at(-1)!.data).toEqual({ reason: 'NO_OFFER' });

    await seedOffer(world.store, productId, { url: pageAt(SANDBOX_2), sku: SKU });
    await settle(world);
    expect(orders(world)).toEqual({ a: 0, b: 0 }); // not looked at again yet
    world.clock.advance(MINUTE);
    await settle(world);
    expect(orders(world)).toEqual({ a: 0, b: 1 });
  });

  it('waits with MERCHANT_NOT_ALLOWED when the catalog has offers at other merchants only', async () => {
    const world = await newWorld({ shops: [SANDBOX_2] });
    const productId = await seedProduct(world.store, [{ url: pageAt(SANDBOX_2), sku: SKU }]);
    const body = productPurchase(productId, { guardrails: { allowed_merchants: ['127.0.0.1'] } });
    const id = (await call(world, 'POST', '/v1/intents', body)).body.intent_id as string;
    await settle(world);
    expect((await eventsOf(world, id)).at(-1)!.data).toEqual({ reason: 'MERCHANT_NOT_ALLOWED' });
  });

  it('shares each page with the URL intents on it: one fetch per URL', async () => {
    const { world } = await twoShops({ price_cents: 13_000 }, { price_cents: 13_500 });
    const onPage = {
      type: 'purchase',
      external_user_id: 'u',
      objective: { product: { product_url: pageAt(SANDBOX) } },
    };
    expect((await call(world, 'POST', '/v1/intents', onPage)).status).toBe(201);
    const fetched: string[] = [];
    world.onRequest = ({ url }) => void fetched.push(url);
    const stats = await world.engine.monitor!.round();
    expect(stats.fetches).toBe(2);
    expect(fetched.sort()).toEqual([pageAt(SANDBOX), pageAt(SANDBOX_2)]);
  });

  it('forgets an ended intent: links, schedule and pages nobody else watches', async () => {
    const { world, id } = await twoShops({ price_cents: 11_000 }, { price_cents: 9_500 });
    await settle(world);
    expect((await intentOf(world, id)).status).toBe('succeeded');
    world.clock.advance(2 * MINUTE);
    await settle(world);
    const links = await world.store.query('intent_watches', { index: 'by_intent', prefix: [id] });
    expect(links).toEqual([]);
    expect(await world.store.get('product_intents', id)).toBeUndefined();
    expect(await world.store.query('watches', { index: 'by_due', prefix: [] })).toEqual([]);
  });

  it("drops an ended intent's link when a check meets it, before the next relink", async () => {
    const { world, id } = await twoShops({ price_cents: 13_000 }, { price_cents: 13_500 });
    await settle(world);
    expect((await call(world, 'POST', `/v1/intents/${id}/cancel`)).status).toBe(200);
    // A URL intent on the first page makes that page due again once its politeness floor (half
    // the 60 s interval) has passed: before the next relink.
    const onPage = {
      type: 'purchase',
      external_user_id: 'u',
      objective: { product: { product_url: pageAt(SANDBOX) } },
    };
    expect((await call(world, 'POST', '/v1/intents', onPage)).status).toBe(201);
    world.clock.advance(30_000);
    await settle(world);
    const links = await world.store.query<{ watch_id: string }>('intent_watches', {
      index: 'by_intent',
      prefix: [id],
    });
    expect(links.map((link) => link.watch_id)).toEqual([`test ${pageAt(SANDBOX_2)}`]);
  });
});
