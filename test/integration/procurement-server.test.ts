import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyReceipt } from '../../engine/index';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

const DAY = 86_400_000;

/**
 * The README's procurement calls, over real HTTP: intent-server in a child process, the sandbox
 * merchant beside it.
 */
describe('procurement through the server and the sandbox merchant', () => {
  it('reorders once when a reported level falls to the threshold, on net-30, and not again after a restart', async () => {
    const item = await stack.product({ price_cents: 450 });
    const methods = (await stack.api('GET', '/payment_methods')).body.data as { id: string }[];
    expect(methods.map((m) => m.id)).toContain('pm_invoice_net_terms');

    const created = await stack.api('POST', '/intents', {
      type: 'purchase',
      external_user_id: 'warehouse_berlin',
      objective: {
        procurement: {
          item: { name: 'Printer paper A4', sku: item.sku, product_url: item.url },
          quantity: 20,
        },
      },
      conditions: { trigger: { kind: 'inventory_below', sku: item.sku, threshold: 10 } },
      guardrails: { allowed_merchants: ['127.0.0.1'] },
      payment: {
        payment_method_id: 'pm_invoice_net_terms',
        billing_terms: 'net-30',
        max_charge_cents: 50_000,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('active');
    const id = created.body.intent_id as string;

    const level = (quantity: number, key: string) =>
      stack.api(
        'POST',
        '/inventory_levels',
        { sku: item.sku, quantity },
        { 'Idempotency-Key': key },
      );

    const above = await level(40, 'count-1');
    expect(above.status).toBe(201);
    const replayed = await level(40, 'count-1');
    expect(replayed.body.report_id).toBe(above.body.report_id);
    const waiting = (await stack.api('GET', `/intents/${id}`)).body;
    expect(waiting.status).toBe('waiting');
    expect(waiting.last_observation.inventory).toMatchObject({ quantity: 40, threshold: 10 });

    const below = await level(8, 'count-2');
    expect(below.body.triggered_intents).toEqual([id]);
    await stack.waitForStatus(id, ['succeeded']);

    const orders = await stack.ordersFor(item.sku);
    expect(orders).toHaveLength(1);
    const order = orders[0] as unknown as { created_at: string; invoice: { due_date: string } };
    const receipt = (await stack.api('GET', `/intents/${id}/receipt`)).body;
    expect(receipt.payment).toMatchObject({ payment_method_id: 'pm_invoice_net_terms' });
    expect(receipt.billing).toMatchObject({
      terms: 'net-30',
      amount_due_cents: receipt.totals.total_charged_cents,
      due_date: order.invoice.due_date,
    });
    expect(Date.parse(receipt.billing.due_date) - Date.parse(order.created_at)).toBe(30 * DAY);
    const jwks = (await (await fetch(`${stack.server.baseUrl}/v1/receipt_keys`)).json()) as {
      keys: JsonWebKey[];
    };
    expect(await verifyReceipt(receipt, jwks)).toBe(true);
    expect(
      await verifyReceipt({ ...receipt, billing: { ...receipt.billing, terms: 'net-60' } }, jwks),
    ).toBe(false);

    const events = (await stack.api('GET', `/intents/${id}/events?limit=200`)).body.events as {
      type: string;
      data: { trigger?: { report_id: string } };
    }[];
    const executing = events.find((e) => e.type === 'intent.executing')!;
    expect(executing.data.trigger!.report_id).toBe(below.body.report_id);

    await stack.restart('SIGKILL');
    const again = await level(2, 'count-3');
    expect(again.body.triggered_intents).toEqual([]);
    const now = (await stack.api('GET', `/inventory_levels/${item.sku}`)).body;
    expect(now).toMatchObject({ sku: item.sku, quantity: 2 });
    expect(now.reports).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await stack.ordersFor(item.sku)).toHaveLength(1);
  }, 60_000);
});
