import { describe, expect, it } from 'vitest';
import {
  call,
  newWorld,
  ordersOf,
  sandboxPurchase,
  setProduct,
  settle,
  type World,
} from '../support/world';

const ADDRESS = {
  line1: '12 Harbour Road',
  city: 'Portland',
  state: 'ME',
  postal_code: '04101',
  country: 'US',
};

async function createFor(world: World, sku: string) {
  const created = await call(world, 'POST', '/v1/intents', sandboxPurchase(sku));
  expect(created.status).toBe(201);
  await settle(world);
  return created.body.intent_id as string;
}

const resume = (world: World, id: string, data: Record<string, unknown>) =>
  call(world, 'POST', `/v1/intents/${id}/resume`, {
    user_action: { type: 'identity', completed: true, data },
  });

/** Everything the API says about an intent, as one text. */
async function everythingSaid(world: World, id: string) {
  const parts = await Promise.all(
    [`/v1/intents/${id}`, `/v1/intents/${id}/events`, `/v1/intents/${id}/receipt`].map(
      async (path) => JSON.stringify((await call(world, 'GET', path)).body),
    ),
  );
  return parts.join('\n');
}

describe('the identity action', () => {
  it('asks for a shipping address and a name, refuses a missing part, and buys with what the merchant received', async () => {
    const world = await newWorld();
    const id = await createFor(world, 'oak-desk-shipped');
    const asked = (await call(world, 'GET', `/v1/intents/${id}`)).body;
    expect(asked.status).toBe('requires_user_action');
    expect(asked.next_action).toMatchObject({ type: 'identity' });
    expect([...asked.next_action.fields].sort()).toEqual(['name', 'shipping_address']);
    expect(asked.identity).toEqual({ provided: false });

    const { city: _city, ...noCity } = ADDRESS;
    const refused = await resume(world, id, { name: 'Ada Lovelace', shipping_address: noCity });
    expect(refused.status).toBe(400);
    expect(refused.body.error.param).toBe('user_action.data.shipping_address.city');
    const noName = await resume(world, id, { shipping_address: ADDRESS });
    expect(noName.status).toBe(400);
    expect(noName.body.error.param).toBe('user_action.data.name');
    const refusedAs = async (data: Record<string, unknown>) =>
      (await resume(world, id, data)).body.error as { code: string; param: string };
    const both = { name: 'Ada Lovelace', shipping_address: ADDRESS };
    expect(await refusedAs({ ...both, phone: '+1 555 010 0199' })).toMatchObject({
      code: 'parameter_unknown',
      param: 'user_action.data.phone',
    });
    expect(await refusedAs({ ...both, foo: 1 })).toMatchObject({
      code: 'parameter_unknown',
      param: 'user_action.data.foo',
    });
    expect(await refusedAs({ ...both, name: '' })).toMatchObject({
      code: 'parameter_invalid',
      param: 'user_action.data.name',
    });
    expect(await refusedAs({ name: 5, shipping_address: ADDRESS })).toMatchObject({
      code: 'parameter_invalid',
      param: 'user_action.data.name',
    });
    expect(
      await refusedAs({ name: 'Ada', shipping_address: { ...ADDRESS, postal_code: 4101 } }),
    ).toMatchObject({
      code: 'parameter_invalid',
      param: 'user_action.data.shipping_address.postal_code',
    });

    const answered = await resume(world, id, { name: 'Ada Lovelace', shipping_address: ADDRESS });
    expect(answered.status).toBe(200);
    expect(answered.body.identity).toEqual({ provided: true });
    await world.engine.executor.idle();
    const done = (await call(world, 'GET', `/v1/intents/${id}`)).body;
    expect(done.status).toBe('succeeded');

    const [order] = ordersOf(world, 'oak-desk-shipped');
    expect(order!.shipping_address).toMatchObject({
      name: 'Ada Lovelace',
      line_one: '12 Harbour Road',
      city: 'Portland',
      postal_code: '04101',
      country: 'US',
    });
    const receipt = (await call(world, 'GET', `/v1/intents/${id}/receipt`)).body;
    expect(receipt.ship_to).toEqual({ city: 'Portland', country: 'US' });
    const doc = (await call(world, 'GET', '/v1/openapi.json')).body;
    expect(Object.keys(doc.components.schemas.IdentityData.properties).sort()).toEqual([
      'email',
      'name',
      'phone',
      'shipping_address',
    ]);
    const said = await everythingSaid(world, id);
    for (const secret of ['Ada Lovelace', '12 Harbour Road', '04101']) {
      expect(said).not.toContain(secret);
    }
  });

  it('asks for a phone number with the email, and keeps them for the next attempt', async () => {
    const world = await newWorld();
    const id = await createFor(world, 'courier-flowers');
    const asked = (await call(world, 'GET', `/v1/intents/${id}`)).body;
    expect([...asked.next_action.fields].sort()).toEqual(['email', 'phone']);
    const bad = await resume(world, id, { email: 'ada@example.com', phone: 'call me' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe('user_action.data.phone');
    expect(
      (await resume(world, id, { email: 'ada@example.com', phone: '+1 555 010 0199' })).status,
    ).toBe(200);
    await world.engine.executor.idle();
    expect((await call(world, 'GET', `/v1/intents/${id}`)).body.status).toBe('succeeded');
    expect(ordersOf(world, 'courier-flowers')[0]).toMatchObject({
      buyer_email: 'ada@example.com',
      buyer_phone: '+1 555 010 0199',
    });
    expect(await everythingSaid(world, id)).not.toContain('555 010');
  });

  it('sends the kept details with the next attempt without asking again', async () => {
    const world = await newWorld();
    const id = await createFor(world, 'oak-desk-shipped');
    // Sold out while the user typed: this attempt ends for stock, the details stay.
    await setProduct(world, 'oak-desk-shipped', { availability: 'out_of_stock' });
    expect(
      (await resume(world, id, { name: 'Ada Lovelace', shipping_address: ADDRESS })).status,
    ).toBe(200);
    await world.engine.executor.idle();
    expect((await call(world, 'GET', `/v1/intents/${id}`)).body.status).toBe('waiting');
    await setProduct(world, 'oak-desk-shipped', { availability: 'in_stock' });
    world.clock.advance(2 * 60 * 60 * 1000);
    await settle(world);
    const done = (await call(world, 'GET', `/v1/intents/${id}`)).body;
    expect(done).toMatchObject({ status: 'succeeded', identity: { provided: true } });
    expect(done.latest_execution.attempt).toBe(2);
    expect(ordersOf(world, 'oak-desk-shipped')[0]!.shipping_address).toMatchObject({
      city: 'Portland',
    });
  });

  it('declining the identity request sends the intent back to waiting', async () => {
    const world = await newWorld();
    const id = await createFor(world, 'courier-flowers');
    const declined = await call(world, 'POST', `/v1/intents/${id}/resume`, {
      user_action: { type: 'identity', completed: false },
    });
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe('waiting');
    expect(ordersOf(world, 'courier-flowers')).toEqual([]);
  });
});
