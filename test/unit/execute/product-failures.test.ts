import { describe, expect, it } from 'vitest';
import { FetchError } from '../../../engine/index';
import { executionIdOf, type ExecutionDoc } from '../../../engine/schemas/execution';
import { crashAndRestart, crashOnceAt, SANDBOX, settle, type World } from '../../support/world';
import { eventsOf, intentOf, orders, twoShops } from '../../support/two-shops';

/**
 * A product_id intent whose chosen merchant fails before any payment (endings.ts
 * failedBeforePayment): that offer is given up for an hour, not the intent, and another merchant
 * is still bought from; a refused card and a complete that may have charged are not given up.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Two shops, the cheaper (127.0.0.1) chosen, and the engine crashed at `point` of its attempt. */
async function crashedAt(point: string) {
  const shops = await twoShops(
    { price_cents: 9_000 },
    { price_cents: 10_000 },
    {},
    { failpoint: crashOnceAt(point) },
  );
  await settle(shops.world).catch(() => {});
  return shops;
}

describe('a product_id intent: one merchant failing before payment', () => {
  /** The shop's checkout API cannot be reached. */
  const apiDown = (world: World, shop: string) => {
    world.onRequest = ({ url, method }) => {
      if (method === 'POST' && url === `${shop}/checkout_sessions`)
        throw new FetchError('network', 'connection reset');
    };
  };

  it('an API that fails before payment gives up that offer, not the intent; the other is bought at once', async () => {
    const { world, id } = await twoShops({ price_cents: 9_000 }, { price_cents: 10_000 });
    apiDown(world, SANDBOX);
    await settle(world);
    const intent = await intentOf(world, id);
    expect(intent.status).toBe('waiting');
    expect(intent.latest_execution).toMatchObject({
      merchant: '127.0.0.1',
      status: 'abandoned',
      last_error: { code: 'network' },
    });
    expect((await eventsOf(world, id)).at(-1)).toMatchObject({
      type: 'intent.waiting',
      data: { reason: 'MERCHANT_ERROR', attempt: 1, code: 'network', merchant: '127.0.0.1' },
    });
    // The other offer's page is due at once: the next round chooses it.
    await settle(world);
    expect(orders(world)).toEqual({ a: 0, b: 1 });
    expect((await intentOf(world, id)).status).toBe('succeeded');
  });

  it('every offer blocked: waits with MERCHANT_ERROR, and tries that merchant again after an hour', async () => {
    const { world, id } = await twoShops(
      { price_cents: 9_000 },
      { price_cents: 10_000, availability: 'out_of_stock' },
    );
    let down = true;
    let tried = 0;
    world.onRequest = ({ url, method }) => {
      if (method !== 'POST' || url !== `${SANDBOX}/checkout_sessions`) return;
      tried++;
      if (down) throw new FetchError('network', 'connection reset');
    };
    await settle(world);
    const attempts = tried;
    expect(attempts).toBeGreaterThan(0);
    down = false;
    for (let minutes = 0; minutes < 55; minutes += 5) {
      world.clock.advance(5 * MINUTE);
      await settle(world);
    }
    // Within the hour: not tried again, waiting with the reason of the closest offer (blocked).
    expect(tried).toBe(attempts);
    const intent = await intentOf(world, id);
    expect(intent).toMatchObject({
      status: 'waiting',
      last_observation: { merchant: '127.0.0.1' },
    });
    const reasons = (await eventsOf(world, id))
      .filter((e) => e.type === 'intent.waiting')
      .map((e) => e.data.reason);
    expect(reasons).toEqual(['MERCHANT_ERROR']);
    world.clock.advance(HOUR);
    await settle(world);
    expect(orders(world)).toEqual({ a: 1, b: 0 });
  });

  it("a process without that shop's connector gives up that offer, not the intent", async () => {
    const { world, id } = await crashedAt('create_checkout:started');
    await crashAndRestart(world, { sandboxConnector: false });
    const intent = await intentOf(world, id);
    expect(intent).toMatchObject({
      status: 'waiting',
      latest_execution: { status: 'abandoned', last_error: { code: 'merchant_unavailable' } },
    });
    await crashAndRestart(world);
    await settle(world);
    expect(orders(world)).toEqual({ a: 0, b: 1 });
  });

  it('an offer whose page and catalog name no sku is given up, not the intent', async () => {
    const { world, id } = await crashedAt('create_checkout:started');
    const key = executionIdOf(id, 1);
    await world.store.transact(async (tx) => {
      const exec = (await tx.get<ExecutionDoc>('executions', key))!;
      await tx.put('executions', { ...exec, sku: null });
    });
    await crashAndRestart(world);
    expect((await intentOf(world, id)).latest_execution).toMatchObject({
      status: 'abandoned',
      last_error: { code: 'product_not_purchasable' },
    });
    await settle(world);
    expect(orders(world)).toEqual({ a: 0, b: 1 });
  });

  it('a card refused at delegation fails the intent: no other offer would take it either', async () => {
    const { world, id } = await twoShops({ price_cents: 9_000 }, { price_cents: 10_000 });
    world.clock.set(Date.parse('2035-01-15T10:00:00Z')); // the test card expired in 2034
    await settle(world);
    expect(await intentOf(world, id)).toMatchObject({
      status: 'failed',
      latest_execution: { merchant: '127.0.0.1', last_error: { code: 'invalid_card' } },
    });
  });

  it('an attempt that may have charged is reconciled as before, never given up', async () => {
    const { world, id } = await crashedAt('complete_checkout:before_call');
    await crashAndRestart(world, { sandboxConnector: false });
    expect(await intentOf(world, id)).toMatchObject({
      status: 'executing',
      latest_execution: { last_error: { code: 'merchant_unavailable' } },
    });
    await crashAndRestart(world);
    expect((await intentOf(world, id)).status).toBe('succeeded');
    expect(orders(world)).toEqual({ a: 1, b: 0 });
  });
});
