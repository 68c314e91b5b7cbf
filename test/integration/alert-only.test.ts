import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { verifyReceipt } from '../../engine/index';
import { receiptsCommand } from '../../server/cli/receipts';
import {
  call,
  newWorld,
  ordersOf,
  sandboxPurchase,
  setProduct,
  settle,
  type World,
} from '../support/world';

/** Every request the engine sends the sandbox merchant. */
function recordRequests(world: World) {
  const requests: string[] = [];
  world.onRequest = ({ url, method }) => void requests.push(`${method} ${new URL(url).pathname}`);
  return requests;
}

async function confirm(world: World, id: string, data: Record<string, unknown>) {
  const res = await call(world, 'POST', `/v1/intents/${id}/resume`, {
    user_action: { type: 'confirmation', completed: true, data },
  });
  expect(res.status).toBe(200);
  return (await call(world, 'GET', `/v1/intents/${id}/receipt`)).body;
}

/** What `intent-server receipts verify FILE --jwks JWKS` prints for a receipt. */
async function verifyOutput(world: World, receipt: unknown): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'receipt-'));
  writeFileSync(join(dir, 'receipt.json'), JSON.stringify(receipt));
  const jwks = (await call(world, 'GET', '/v1/receipt_keys')).body;
  writeFileSync(join(dir, 'jwks.json'), JSON.stringify(jwks));
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    await receiptsCommand(['verify', join(dir, 'receipt.json'), '--jwks', join(dir, 'jwks.json')]);
    return log.mock.calls.map((args) => args.join(' ')).join('\n');
  } finally {
    log.mockRestore();
  }
}

const verified = async (world: World, receipt: Record<string, unknown>) =>
  verifyReceipt(receipt, (await call(world, 'GET', '/v1/receipt_keys')).body);

describe('an alert-and-confirm intent (no payment)', () => {
  it('uses the assisted flow even at a merchant with an API connector, and never calls a payment step', async () => {
    const world = await newWorld();
    const requests = recordRequests(world);
    await setProduct(world, 'alert-lamp', { price_cents: 9_000 });
    const { payment: _none, ...body } = sandboxPurchase('alert-lamp');
    const created = await call(world, 'POST', '/v1/intents', body);
    expect(created.status).toBe(201);
    const id = created.body.intent_id as string;
    await settle(world);
    const intent = (await call(world, 'GET', `/v1/intents/${id}`)).body;
    expect(intent.status).toBe('requires_user_action');
    expect(intent.next_action.type).toBe('confirmation');
    expect(intent.latest_execution).toMatchObject({ step: 'confirm', last_error: null });

    const receipt = await confirm(world, id, { order_id: 'SHOP-1', total_charged_cents: 9_450 });
    // Only the product page was read: no checkout session, no delegated payment, no complete.
    expect(requests).toContain('GET /products/alert-lamp');
    expect(requests.every((r) => r === 'GET /products/alert-lamp')).toBe(true);
    expect(ordersOf(world, 'alert-lamp')).toEqual([]);
    expect(receipt).toMatchObject({
      method: 'assisted',
      totals_source: 'reported_by_user',
      payment: null,
      order: { id: 'SHOP-1' },
      totals: { total_charged_cents: 9_450 },
    });
    expect(await verified(world, receipt)).toBe(true);
  });
});

describe('receipts say how the order was placed', () => {
  it('an assisted purchase names no payment method even when the intent holds one', async () => {
    const world = await newWorld({ sandboxConnector: false });
    await setProduct(world, 'shop-kettle', { price_cents: 9_000 });
    const id = (await call(world, 'POST', '/v1/intents', sandboxPurchase('shop-kettle'))).body
      .intent_id as string;
    await settle(world);
    const receipt = await confirm(world, id, { total_charged_cents: 9_000 });
    expect(receipt).toMatchObject({ method: 'assisted', totals_source: 'reported_by_user' });
    expect(receipt.payment).toBeNull();
    expect(JSON.stringify(receipt)).not.toContain('pm_card_visa');
    expect(await verified(world, receipt)).toBe(true);
    const said = await verifyOutput(world, receipt);
    expect(said).toContain(`valid: receipt ${receipt.receipt_id}`);
    expect(said).toContain('as reported by the user, not verified');
  });

  it('a purchase through the checkout API names the card and the merchant-checked totals', async () => {
    const world = await newWorld();
    await setProduct(world, 'api-kettle', { price_cents: 9_000 });
    const id = (await call(world, 'POST', '/v1/intents', sandboxPurchase('api-kettle'))).body
      .intent_id as string;
    await settle(world);
    const receipt = (await call(world, 'GET', `/v1/intents/${id}/receipt`)).body;
    expect(receipt).toMatchObject({
      method: 'acp',
      totals_source: 'merchant',
      payment: { payment_method_id: 'pm_card_visa' },
    });
    expect(await verified(world, receipt)).toBe(true);
    const said = await verifyOutput(world, receipt);
    expect(said).toContain(
      "acp: ordered through the merchant's checkout API; the totals are the merchant's, checked before payment; paid with visa ending 4242.",
    );
    expect(said).not.toContain('reported by the user');
  });
});
