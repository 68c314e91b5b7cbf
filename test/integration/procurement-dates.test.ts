import { describe, expect, it } from 'vitest';
import { call, newWorld, ordersOf, setProduct, settle } from '../support/world';

describe('a procurement bought by sku with conditions.date_range', () => {
  it('waits with OUTSIDE_DATE_RANGE before its dates, and buys on a report inside them', async () => {
    const world = await newWorld(); // 2026-11-22T10:00Z
    await setProduct(world, 'toner', { price_cents: 3_000 });
    const created = await call(world, 'POST', '/v1/intents', {
      type: 'purchase',
      external_user_id: 'warehouse',
      objective: { procurement: { item: { name: 'Toner', sku: 'toner' }, quantity: 2 } },
      conditions: {
        trigger: { kind: 'inventory_below', sku: 'toner', threshold: 5 },
        date_range: { start: '2026-11-24', end: '2026-11-30' },
        time_zone: 'Europe/Paris',
      },
      guardrails: { allowed_merchants: ['127.0.0.1'] },
      payment: { payment_method_id: 'pm_card_visa', max_charge_cents: 50_000 },
    });
    expect(created.status).toBe(201);
    const id = created.body.intent_id as string;
    const report = () => call(world, 'POST', '/v1/inventory_levels', { sku: 'toner', quantity: 1 });

    await report();
    await settle(world);
    const before = (await call(world, 'GET', `/v1/intents/${id}/events`)).body.events;
    expect(before.at(-1)).toMatchObject({
      type: 'intent.waiting',
      data: { reason: 'OUTSIDE_DATE_RANGE' },
    });
    expect(ordersOf(world, 'toner')).toEqual([]);

    // Midnight in Paris on the 24th is 23:00Z on the 23rd.
    world.clock.set(Date.parse('2026-11-23T23:00:00Z'));
    await report();
    await settle(world);
    expect((await call(world, 'GET', `/v1/intents/${id}`)).body.status).toBe('succeeded');
    expect(ordersOf(world, 'toner')).toHaveLength(1);
  });
});
