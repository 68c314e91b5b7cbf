import { describe, expect, it } from 'vitest';
import {
  call,
  crashAndRestart,
  newWorld,
  ordersOf,
  SANDBOX,
  setProduct,
  settle,
  type World,
} from '../support/world';

const DAY = 86_400_000;

/** A procurement of `sku` from the sandbox, paid by invoice on net-30; override any part. */
function reorder(sku: string, overrides: Record<string, unknown> = {}) {
  return {
    type: 'purchase',
    external_user_id: 'warehouse',
    objective: {
      procurement: {
        item: { name: `Item ${sku}`, sku, product_url: `${SANDBOX}/products/${sku}` },
        quantity: 20,
      },
    },
    conditions: { trigger: { kind: 'inventory_below', sku, threshold: 10 } },
    guardrails: { allowed_merchants: ['127.0.0.1'] },
    payment: {
      payment_method_id: 'pm_invoice_net_terms',
      billing_terms: 'net-30',
      max_charge_cents: 50_000,
    },
    ...overrides,
  };
}

async function create(world: World, body: Record<string, unknown>) {
  const res = await call(world, 'POST', '/v1/intents', body);
  expect(res.status).toBe(201);
  return res.body.intent_id as string;
}

const report = (world: World, body: Record<string, unknown>) =>
  call(world, 'POST', '/v1/inventory_levels', body);
const intentOf = async (world: World, id: string) =>
  (await call(world, 'GET', `/v1/intents/${id}`)).body;

describe('procurement: reorder when inventory falls to the threshold', () => {
  it('one report at the threshold buys once, on net-30: the receipt is due 30 days after the order', async () => {
    const world = await newWorld();
    await setProduct(world, 'paper', { price_cents: 450 });
    const id = await create(world, reorder('paper'));
    const below = await report(world, { sku: 'paper', quantity: 10 });
    expect(below.body.triggered_intents).toEqual([id]);
    await settle(world);
    expect((await intentOf(world, id)).status).toBe('succeeded');

    const [order, ...more] = ordersOf(world, 'paper');
    expect(more).toEqual([]);
    expect(order!.lines[0]!.quantity).toBe(20);
    expect(order!.payment_token_id).toBeNull();
    expect(order!.invoice).toMatchObject({ payment_terms: 'net_30' });

    const receipt = (await call(world, 'GET', `/v1/intents/${id}/receipt`)).body;
    expect(receipt.payment).toMatchObject({
      payment_method_id: 'pm_invoice_net_terms',
      brand: 'invoice',
    });
    expect(receipt.billing).toMatchObject({
      terms: 'net-30',
      amount_due_cents: receipt.totals.total_charged_cents,
      currency: 'USD',
      invoice_number: order!.invoice!.invoice_number,
    });
    expect(Date.parse(receipt.billing.due_date) - order!.created_at).toBe(30 * DAY);

    const events = (await call(world, 'GET', `/v1/intents/${id}/events`)).body.events;
    const executing = events.find((e: { type: string }) => e.type === 'intent.executing');
    expect(executing.data.trigger).toMatchObject({
      report_id: below.body.report_id,
      sku: 'paper',
      quantity: 10,
      threshold: 10,
    });
  });

  it('above the threshold nothing is bought; the intent waits with INVENTORY_ABOVE_THRESHOLD', async () => {
    const world = await newWorld();
    await setProduct(world, 'toner', { price_cents: 4_000 });
    const id = await create(world, reorder('toner'));
    await report(world, { sku: 'toner', quantity: 11 });
    await settle(world);
    const intent = await intentOf(world, id);
    expect(intent.status).toBe('waiting');
    expect(intent.last_observation.inventory).toMatchObject({ quantity: 11, threshold: 10 });
    expect(ordersOf(world, 'toner')).toEqual([]);
  });

  it('ten concurrent reports below the threshold buy exactly once', async () => {
    const world = await newWorld();
    await setProduct(world, 'gloves', { price_cents: 900 });
    const id = await create(world, reorder('gloves'));
    const reports = await Promise.all(
      Array.from({ length: 10 }, (_, i) => report(world, { sku: 'gloves', quantity: i })),
    );
    expect(reports.every((r) => r.status === 201)).toBe(true);
    expect(reports.flatMap((r) => r.body.triggered_intents)).toEqual([id]);
    await settle(world);
    await settle(world);
    expect((await intentOf(world, id)).status).toBe('succeeded');
    expect(ordersOf(world, 'gloves')).toHaveLength(1);
  });

  it('ten concurrent reports buy exactly once by sku from an allowed merchant (no page)', async () => {
    const world = await newWorld();
    await setProduct(world, 'bolts', { price_cents: 120 });
    const body = reorder('bolts');
    body.objective.procurement.item = { name: 'Bolts', sku: 'bolts' } as never;
    const id = await create(world, body);
    const reports = await Promise.all(
      Array.from({ length: 10 }, () => report(world, { sku: 'bolts', quantity: 2 })),
    );
    expect(reports.flatMap((r) => r.body.triggered_intents)).toEqual([id]);
    await world.engine.executor.idle();
    expect((await intentOf(world, id)).status).toBe('succeeded');
    expect(ordersOf(world, 'bolts')).toHaveLength(1);
    const receipt = (await call(world, 'GET', `/v1/intents/${id}/receipt`)).body;
    expect(receipt.billing.terms).toBe('net-30');
  });

  it('bought by sku, an attempt refused for stock is tried again on the next report below', async () => {
    const world = await newWorld();
    await setProduct(world, 'nuts', { price_cents: 80, availability: 'out_of_stock' });
    const body = reorder('nuts');
    body.objective.procurement.item = { name: 'Nuts', sku: 'nuts' } as never;
    const id = await create(world, body);
    await report(world, { sku: 'nuts', quantity: 3 });
    await world.engine.executor.idle();
    expect((await intentOf(world, id)).status).toBe('waiting');
    expect(ordersOf(world, 'nuts')).toEqual([]);
    await setProduct(world, 'nuts', { availability: 'in_stock' });
    const again = await report(world, { sku: 'nuts', quantity: 2 });
    expect(again.body.triggered_intents).toEqual([id]);
    await world.engine.executor.idle();
    expect((await intentOf(world, id)).status).toBe('succeeded');
    expect(ordersOf(world, 'nuts')).toHaveLength(1);
  });

  it('a crash after the order was placed and a restart still leave exactly one order; a later report buys nothing', async () => {
    let crashed = false;
    const crashOnce = (name: string) => {
      if (name === 'complete_checkout:after_call' && !crashed) {
        crashed = true;
        throw new Error('crash');
      }
    };
    const world = await newWorld({ failpoint: crashOnce });
    await setProduct(world, 'cups', { price_cents: 300 });
    const id = await create(world, reorder('cups'));
    await report(world, { sku: 'cups', quantity: 1 });
    await world.engine.monitor!.round().catch(() => {});
    await world.engine.executor.idle().catch(() => {});
    expect(crashed).toBe(true);
    await crashAndRestart(world);
    expect((await intentOf(world, id)).status).toBe('succeeded');
    await report(world, { sku: 'cups', quantity: 0 });
    await settle(world);
    expect(ordersOf(world, 'cups')).toHaveLength(1);
  });

  it('a report older than the latest for the sku is stored but does not trigger', async () => {
    const world = await newWorld();
    await setProduct(world, 'tape', { price_cents: 200 });
    const id = await create(world, reorder('tape'));
    await report(world, { sku: 'tape', quantity: 50, observed_at: '2026-11-22T09:00:00Z' });
    const old = await report(world, {
      sku: 'tape',
      quantity: 1,
      observed_at: '2026-11-22T08:00:00Z',
    });
    expect(old.body).toMatchObject({ applied: false, triggered_intents: [] });
    await settle(world);
    expect((await intentOf(world, id)).status).toBe('waiting');
    expect(ordersOf(world, 'tape')).toEqual([]);
  });

  it('price conditions still bind after the trigger fires', async () => {
    const world = await newWorld();
    await setProduct(world, 'ink', { price_cents: 5_000 });
    const id = await create(
      world,
      reorder('ink', {
        conditions: {
          trigger: { kind: 'inventory_below', sku: 'ink', threshold: 10 },
          max_price_cents: 4_000,
          currency: 'USD',
        },
      }),
    );
    await report(world, { sku: 'ink', quantity: 3 });
    await settle(world);
    const events = (await call(world, 'GET', `/v1/intents/${id}/events`)).body.events;
    expect(events.at(-1).data.reason).toBe('PRICE_ABOVE_LIMIT');
    expect(ordersOf(world, 'ink')).toEqual([]);
  });
});
