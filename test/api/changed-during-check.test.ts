import { describe, expect, it } from 'vitest';
import { apiStore } from '../support/api';
import { call, newWorld, ordersOf, SANDBOX, sandboxPurchase, setProduct } from '../support/world';

/**
 * The monitor decides on the intents it read before fetching their page, and moves each one only
 * if it is still what was decided on when the check is written (the transaction reads it again,
 * or, where the store can, checks that its version did not move: StoreTx.reread). On every store
 * adapter.
 */

const SKU = 'changed-during-check';
const PAGE = `${SANDBOX}/products/${SKU}`;

describe('an intent changed while its page is being fetched', () => {
  it('is left as it was changed to; the others on the page go ahead', async () => {
    const world = await newWorld({ store: await apiStore() });
    await setProduct(world, SKU, { price_cents: 1_000 });
    const canceled = await call(world, 'POST', '/v1/intents', sandboxPurchase(SKU));
    const buying = await call(world, 'POST', '/v1/intents', sandboxPurchase(SKU));
    expect([canceled.status, buying.status]).toEqual([201, 201]);

    let fetching = false;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    world.onRequest = async ({ url, method }) => {
      if (method !== 'GET' || url !== PAGE) return;
      fetching = true;
      await held;
    };
    const round = world.engine.monitor!.round();
    while (!fetching) await new Promise((resolve) => setTimeout(resolve, 1));
    const cancel = await call(world, 'POST', `/v1/intents/${canceled.body.intent_id}/cancel`, {});
    expect(cancel.status).toBe(200);
    release();
    await round;

    const events = await call(world, 'GET', `/v1/intents/${canceled.body.intent_id}/events`);
    expect(events.body.events.map((event: { type: string }) => event.type)).toEqual([
      'intent.created',
      'intent.canceled',
    ]);
    const intent = await call(world, 'GET', `/v1/intents/${canceled.body.intent_id}`);
    expect(intent.body).toMatchObject({ status: 'canceled', latest_execution: null });
    const other = await call(world, 'GET', `/v1/intents/${buying.body.intent_id}`);
    expect(other.body.status).not.toBe('active');
    expect(other.body.latest_execution).toMatchObject({ attempt: 1 });
    expect(ordersOf(world, SKU).length).toBeLessThanOrEqual(1);
  });
});
