import { describe, expect, it } from 'vitest';
import { FetchError, verifyReceipt } from '../../engine/index';
import { apiStore } from '../support/api';
import { productPurchase, seedProduct } from '../support/catalog-seed';
import { openApiValidator } from '../support/closed-schema';
import {
  call,
  newWorld,
  SANDBOX,
  SANDBOX_2,
  setProduct,
  settle,
  type World,
} from '../support/world';

/**
 * product_id intents over the API, on every store adapter: create's refusals, and the intent,
 * events and receipt of a purchase that chose among two merchants, against the OpenAPI document
 * with every object closed.
 */

const SKU = 'api-runner';

async function twoShopWorld() {
  const world = await newWorld({ store: await apiStore(), shops: [SANDBOX_2] });
  const validate = await openApiValidator((request) => world.engine.fetch(request));
  return { world, validate };
}

async function seedBoth(world: World, prices: [number, number]) {
  await setProduct(world, SKU, { price_cents: prices[0] }, SANDBOX);
  await setProduct(world, SKU, { price_cents: prices[1] }, SANDBOX_2);
  return seedProduct(world.store, [
    { url: `${SANDBOX}/products/${SKU}`, sku: SKU },
    { url: `${SANDBOX_2}/products/${SKU}`, sku: SKU },
  ]);
}

describe('POST /v1/intents with objective.product.product_id', () => {
  it('refuses an unknown product, one of the other mode, and a product_url or variant beside it', async () => {
    const { world, validate } = await twoShopWorld();
    const live = await seedProduct(world.store, [], { livemode: true });
    const test = await seedProduct(world.store, []);
    const cases: [unknown, number, string, string][] = [
      [productPurchase('prod_nope'), 400, 'resource_missing', 'objective.product.product_id'],
      [productPurchase(live), 400, 'resource_missing', 'objective.product.product_id'],
      [
        productPurchase(test, {
          objective: { product: { product_id: test, product_url: `${SANDBOX}/products/x` } },
        }),
        400,
        'parameter_invalid',
        'objective.product.product_id',
      ],
      [
        productPurchase(test, { objective: { product: { product_id: test, variant: 'red' } } }),
        400,
        'parameter_invalid',
        'objective.product.variant',
      ],
    ];
    for (const [body, status, code, param] of cases) {
      const res = await call(world, 'POST', '/v1/intents', body);
      expect(res.status).toBe(status);
      expect(res.body.error).toMatchObject({ code, param });
      expect(validate('Error', res.body)).toEqual([]);
    }
    const listed = await call(world, 'GET', '/v1/intents');
    expect(listed.body.data).toEqual([]);
  });

  it('refuses a product_id without conditions.currency: offers are compared and capped in one currency', async () => {
    const { world, validate } = await twoShopWorld();
    const productId = await seedProduct(world.store, []);
    const bodies = [
      productPurchase(productId, { conditions: { max_price_cents: 12_000 } }),
      productPurchase(productId, { conditions: undefined }),
    ];
    for (const body of bodies) {
      const res = await call(world, 'POST', '/v1/intents', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'parameter_missing',
        param: 'conditions.currency',
      });
      expect(res.body.error.message).toMatch(/no conversion/);
      expect(validate('Error', res.body)).toEqual([]);
    }
    expect((await call(world, 'GET', '/v1/intents')).body.data).toEqual([]);
  });

  it('answers the chosen offer, the others and a signed receipt naming both', async () => {
    const { world, validate } = await twoShopWorld();
    // 95.00 + 5.99 shipping > 100.00 with free shipping: the first checkout is abandoned.
    const productId = await seedBoth(world, [9_500, 10_000]);
    const created = await call(world, 'POST', '/v1/intents', productPurchase(productId));
    expect(created.status).toBe(201);
    expect(validate('Intent', created.body)).toEqual([]);
    expect(created.body).toMatchObject({
      status: 'active',
      objective: { product: { product_id: productId } },
      last_observation: null,
    });
    const id = created.body.intent_id as string;
    await settle(world);
    await settle(world);

    const intent = await call(world, 'GET', `/v1/intents/${id}`);
    expect(validate('Intent', intent.body)).toEqual([]);
    expect(intent.body).toMatchObject({
      status: 'succeeded',
      latest_execution: { merchant: '127.0.0.2', status: 'succeeded' },
      last_observation: {
        merchant: '127.0.0.2',
        price_cents: 10_000,
        other_offers: [{ merchant: '127.0.0.1', price_cents: 9_500, currency: 'USD' }],
      },
    });
    const list = await call(world, 'GET', '/v1/intents');
    expect(validate('IntentList', list.body)).toEqual([]);

    const events = await call(world, 'GET', `/v1/intents/${id}/events?limit=200`);
    expect(validate('EventList', events.body)).toEqual([]);
    const waiting = events.body.events.filter((e: { type: string }) => e.type === 'intent.waiting');
    expect(waiting.map((e: { data: { reason: string } }) => e.data.reason)).toEqual([
      'CHEAPER_ELSEWHERE',
    ]);

    const receipt = await call(world, 'GET', `/v1/intents/${id}/receipt`);
    expect(validate('Receipt', receipt.body)).toEqual([]);
    expect(receipt.body).toMatchObject({
      merchant: '127.0.0.2',
      observed_offer: { merchant: '127.0.0.2', url: `${SANDBOX_2}/products/${SKU}` },
      other_offers: [{ merchant: '127.0.0.1', price_cents: 9_500 }],
    });
    const keys = (await call(world, 'GET', '/v1/receipt_keys')).body;
    expect(await verifyReceipt(receipt.body, keys)).toBe(true);
    const forged = { ...receipt.body, other_offers: [] };
    expect(await verifyReceipt(forged, keys)).toBe(false);

    // Ended: its links, its schedule and the pages nobody else watches are forgotten.
    world.clock.advance(2 * 60_000);
    await settle(world);
    expect(await world.store.query('intent_watches', { index: 'by_intent', prefix: [id] })).toEqual(
      [],
    );
    expect(await world.store.get('product_intents', id)).toBeUndefined();
    expect(await world.store.query('watches', { index: 'by_due', prefix: [] })).toEqual([]);
  });
  it('gives up an offer whose API fails before payment, and buys the other', async () => {
    const { world, validate } = await twoShopWorld();
    const productId = await seedBoth(world, [9_000, 10_000]);
    world.onRequest = ({ url, method }) => {
      if (method === 'POST' && url === `${SANDBOX}/checkout_sessions`)
        throw new FetchError('network', 'connection reset');
    };
    const created = await call(world, 'POST', '/v1/intents', productPurchase(productId));
    const id = created.body.intent_id as string;
    await settle(world);
    const waiting = await call(world, 'GET', `/v1/intents/${id}`);
    expect(validate('Intent', waiting.body)).toEqual([]);
    expect(waiting.body).toMatchObject({
      status: 'waiting',
      latest_execution: {
        merchant: '127.0.0.1',
        status: 'abandoned',
        last_error: { code: 'network' },
      },
    });
    await settle(world);
    expect((await call(world, 'GET', `/v1/intents/${id}`)).body).toMatchObject({
      status: 'succeeded',
      latest_execution: { merchant: '127.0.0.2' },
    });
    const events = await call(world, 'GET', `/v1/intents/${id}/events?limit=200`);
    expect(validate('EventList', events.body)).toEqual([]);
    const reasons = events.body.events
      .filter((e: { type: string }) => e.type === 'intent.waiting')
      .map((e: { data: unknown }) => e.data);
    expect(reasons).toEqual([
      { reason: 'MERCHANT_ERROR', attempt: 1, code: 'network', merchant: '127.0.0.1' },
    ]);
  });
});
