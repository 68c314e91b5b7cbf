import { describe, expect, it } from 'vitest';
import { apiStore } from '../support/api';
import {
  call,
  engineOn,
  newWorld,
  ordersOf,
  SANDBOX,
  sandboxPurchase,
  setProduct,
  settle,
} from '../support/world';

/**
 * A watch claimed by one instance's round (store/claims.ts) stays with it until its check is
 * written, even when something asks for it to be checked now meanwhile (an intent created on the
 * page, a product intent choosing again): that check comes after, never beside it, and not
 * within half a check interval of the last fetch. On every store adapter.
 */

const SKU = 'claimed-page';
const PAGE = `${SANDBOX}/products/${SKU}`;

describe('a page asked for while another instance checks it', () => {
  it('is not fetched by a second instance, and is checked again after the first once politeness allows', async () => {
    const world = await newWorld({ store: await apiStore() });
    await setProduct(world, SKU, { price_cents: 10_000 });
    const low = sandboxPurchase(SKU, { conditions: { max_price_cents: 5_000, currency: 'USD' } });
    expect((await call(world, 'POST', '/v1/intents', low)).status).toBe(201);

    let fetches = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    world.onRequest = async ({ url, method }) => {
      if (method !== 'GET' || url !== PAGE) return;
      fetches++;
      if (fetches === 1) await held;
    };
    const first = world.engine.monitor!.round();
    while (fetches === 0) await new Promise((resolve) => setTimeout(resolve, 1));

    // Meanwhile an intent that would buy is created on the page: it asks for a check now.
    const created = await call(world, 'POST', '/v1/intents', sandboxPurchase(SKU));
    expect(created.status).toBe(201);
    const other = engineOn(world, { value: true }, { instanceId: 'b' });
    await other.monitor!.round();
    expect(fetches).toBe(1);

    release();
    await first;
    // The check that was under way read the intents before the new one: the page is due again,
    // but not before its politeness floor (half the 60 s interval) has passed.
    await settle(world);
    expect(fetches).toBe(1);
    world.clock.advance(29_000);
    await settle(world);
    expect(fetches).toBe(1);
    world.clock.advance(1_000);
    await settle(world);
    expect(fetches).toBe(2);
    expect(ordersOf(world, SKU)).toHaveLength(1);
    const intent = (await call(world, 'GET', `/v1/intents/${created.body.intent_id}`)).body;
    expect(intent.status).toBe('succeeded');
  });

  it('is not fetched again for an intent created right after its check, until half an interval has passed', async () => {
    const world = await newWorld({ store: await apiStore() });
    await setProduct(world, SKU, { price_cents: 10_000 });
    const low = sandboxPurchase(SKU, { conditions: { max_price_cents: 5_000, currency: 'USD' } });
    expect((await call(world, 'POST', '/v1/intents', low)).status).toBe(201);
    let fetches = 0;
    world.onRequest = ({ url, method }) => {
      if (method === 'GET' && url === PAGE) fetches++;
    };
    await settle(world);
    expect(fetches).toBe(1);

    world.clock.advance(1_000);
    const created = await call(world, 'POST', '/v1/intents', sandboxPurchase(SKU));
    expect(created.status).toBe(201);
    await settle(world);
    expect(fetches).toBe(1);
    world.clock.advance(29_000);
    await settle(world);
    expect(fetches).toBe(2);
    const intent = (await call(world, 'GET', `/v1/intents/${created.body.intent_id}`)).body;
    expect(intent.status).toBe('succeeded');
  });
});
