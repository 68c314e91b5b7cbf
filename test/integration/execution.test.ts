import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, verifyReceipt } from '../../engine/index';
import { sha256Hex } from '../../engine/util/sha256';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

const purchase = (url: string, over: Record<string, unknown> = {}) => ({
  type: 'purchase',
  external_user_id: 'buyer_1',
  objective: { product: { product_url: url } },
  conditions: { availability: 'in_stock', max_price_cents: 12_000, currency: 'USD' },
  guardrails: { allowed_merchants: ['127.0.0.1'] },
  payment: { payment_method_id: 'pm_card_visa', max_charge_cents: 15_000 },
  ...over,
});

async function create(body: unknown) {
  const res = await stack.api('POST', '/intents', body);
  expect(res.status).toBe(201);
  return res.body.intent_id as string;
}

const eventTypes = async (id: string) =>
  (
    (await stack.api('GET', `/intents/${id}/events?limit=200`)).body.events as { type: string }[]
  ).map((e) => e.type);

describe('execution against the sandbox merchant over real HTTP', () => {
  it('buys when the price drops, once, and the receipt verifies with the published key', async () => {
    const item = await stack.product({ price_cents: 12_999 });
    const id = await create(purchase(item.url));
    await stack.until(async () =>
      (await stack.api('GET', `/intents/${id}`)).body.status === 'waiting' ? true : undefined,
    );
    await stack.control(`/products/${item.sku}`, { price_cents: 11_000 });
    await stack.waitForStatus(id, ['succeeded']);

    const orders = await stack.ordersFor(item.sku);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.totals.total).toBeLessThanOrEqual(15_000);
    const receipt = (await stack.api('GET', `/intents/${id}/receipt`)).body;
    expect(receipt).toMatchObject({
      object: 'receipt',
      intent_id: id,
      merchant: '127.0.0.1',
      currency: 'USD',
      payment: { payment_method_id: 'pm_card_visa', last4: '4242' },
    });
    expect(receipt.totals.total_charged_cents).toBe(orders[0]!.totals.total);
    const jwks = (await fetch(`${stack.server.baseUrl}/v1/receipt_keys`)).json() as Promise<{
      keys: JsonWebKey[];
    }>;
    expect(await verifyReceipt(receipt, await jwks)).toBe(true);
    expect(
      await verifyReceipt(
        { ...receipt, totals: { ...receipt.totals, total_charged_cents: 1 } },
        await jwks,
      ),
    ).toBe(false);

    const types = await eventTypes(id);
    expect(types.slice(0, 3)).toEqual(['intent.created', 'intent.waiting', 'intent.executing']);
    expect(types.at(-1)).toBe('intent.succeeded');
    for (const step of [
      'create_checkout',
      'verify_totals',
      'delegate_payment',
      'complete_checkout',
    ]) {
      expect(types.filter((t) => t === 'execution.step_succeeded').length).toBeGreaterThanOrEqual(
        4,
      );
      expect(
        JSON.stringify((await stack.api('GET', `/intents/${id}/events?limit=200`)).body.events),
      ).toContain(step);
    }
  });

  it('pauses for an OTP: a wrong code is refused in place, the right one completes the purchase', async () => {
    const item = await stack.product({ price_cents: 11_000 });
    const id = await create(
      purchase(item.url, {
        payment: { payment_method_id: 'pm_card_otp_required', max_charge_cents: 15_000 },
      }),
    );
    await stack.waitForStatus(id, ['requires_user_action']);
    const waiting = (await stack.api('GET', `/intents/${id}`)).body;
    expect(waiting.next_action).toMatchObject({ type: 'otp' });
    expect(waiting.next_action.instructions).toMatch(/code/i);

    const wrong = await stack.api('POST', `/intents/${id}/resume`, {
      user_action: { type: 'otp', completed: true, code: '271828' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'incorrect_code', param: 'user_action.code' });
    expect(wrong.body.error.message).toMatch(/4 attempts left/);
    expect(await stack.statusOf(id)).toBe('requires_user_action');

    const right = await stack.api(
      'POST',
      `/intents/${id}/resume`,
      { user_action: { type: 'otp', completed: true, code: '000000' } },
      { 'Idempotency-Key': 'otp-resume-1' },
    );
    expect(right.status).toBe(200);
    expect(['executing', 'succeeded']).toContain(right.body.status);
    await stack.waitForStatus(id, ['succeeded']);
    expect(await stack.ordersFor(item.sku)).toHaveLength(1);
    const types = await eventTypes(id);
    expect(types).toContain('execution.needs_user_action');
    expect(types).toContain('intent.resumed');
  });

  it('never writes an OTP to disk', async () => {
    const dataDir = stack.server.output().match(/Data directory: (\S+);/)![1]!;
    const files = readdirSync(dataDir).map((f) =>
      readFileSync(join(dataDir, f)).toString('latin1'),
    );
    expect(files.length).toBeGreaterThan(0);
    // Not the code, and not a fingerprint of a body holding it (an idempotency record's hash).
    const fingerprint = await sha256Hex(
      canonicalJson({ user_action: { type: 'otp', completed: true, code: '000000' } }),
    );
    for (const content of files) {
      expect(content).not.toContain('271828');
      expect(content).not.toContain(fingerprint);
    }
  });

  it('pauses for 3-D Secure and completes once the user approves', async () => {
    const item = await stack.product({ price_cents: 11_000 });
    const id = await create(
      purchase(item.url, {
        payment: { payment_method_id: 'pm_card_3ds_required', max_charge_cents: 15_000 },
      }),
    );
    await stack.waitForStatus(id, ['requires_user_action']);
    expect((await stack.api('GET', `/intents/${id}`)).body.next_action.type).toBe('3ds');
    const res = await stack.api('POST', `/intents/${id}/resume`, {
      user_action: { type: '3ds', completed: true },
    });
    expect(res.status).toBe(200);
    await stack.waitForStatus(id, ['succeeded']);
    expect(await stack.ordersFor(item.sku)).toHaveLength(1);
  });

  it('goes back to waiting with USER_DECLINED when the user declines the OTP, and buys nothing', async () => {
    const item = await stack.product({ price_cents: 11_000 });
    const id = await create(
      purchase(item.url, {
        payment: { payment_method_id: 'pm_card_otp_required', max_charge_cents: 15_000 },
      }),
    );
    await stack.waitForStatus(id, ['requires_user_action']);
    const res = await stack.api('POST', `/intents/${id}/resume`, {
      user_action: { type: 'otp', completed: false },
    });
    expect(res.body.status).toBe('waiting');
    await stack.api('POST', `/intents/${id}/cancel`);
    expect(await stack.ordersFor(item.sku)).toHaveLength(0);
  });

  it('fails with card_declined and places no order', async () => {
    const item = await stack.product({ price_cents: 11_000 });
    const id = await create(
      purchase(item.url, {
        payment: { payment_method_id: 'pm_card_declined', max_charge_cents: 15_000 },
      }),
    );
    await stack.waitForStatus(id, ['failed']);
    const intent = (await stack.api('GET', `/intents/${id}`)).body;
    expect(intent.latest_execution.last_error.code).toBe('card_declined');
    const failed = (await stack.api('GET', `/intents/${id}/events?limit=200`)).body.events.at(-1);
    expect(failed).toMatchObject({ type: 'intent.failed', data: { code: 'card_declined' } });
    expect(await stack.ordersFor(item.sku)).toHaveLength(0);
  });

  it('fails with insufficient_funds and places no order', async () => {
    const item = await stack.product({ price_cents: 11_000 });
    const id = await create(
      purchase(item.url, {
        payment: { payment_method_id: 'pm_card_insufficient_funds', max_charge_cents: 15_000 },
      }),
    );
    await stack.waitForStatus(id, ['failed']);
    expect((await stack.api('GET', `/intents/${id}`)).body.latest_execution.last_error.code).toBe(
      'insufficient_funds',
    );
    expect(await stack.ordersFor(item.sku)).toHaveLength(0);
  });

  it('refuses a checkout whose total (with tax) is above max_charge_cents: no order, no endless retries', async () => {
    const item = await stack.product({ price_cents: 11_000 });
    const id = await create(
      purchase(item.url, {
        payment: { payment_method_id: 'pm_card_visa', max_charge_cents: 11_500 },
      }),
    );
    const reason = await stack.until(async () => {
      const events = (await stack.api('GET', `/intents/${id}/events?limit=200`)).body.events as {
        type: string;
        data: { reason?: string };
      }[];
      return events.find(
        (e) => e.type === 'intent.waiting' && e.data.reason === 'TOTAL_ABOVE_LIMIT',
      )?.data.reason;
    });
    expect(reason).toBe('TOTAL_ABOVE_LIMIT');
    await new Promise((r) => setTimeout(r, 2500)); // two more checks at the same price
    expect((await eventTypes(id)).filter((t) => t === 'intent.executing')).toHaveLength(1);
    expect(await stack.ordersFor(item.sku)).toHaveLength(0);
    await stack.api('POST', `/intents/${id}/cancel`);
  });

  it('never buys from a merchant that is not allowed', async () => {
    const item = await stack.product({ price_cents: 11_000 });
    const id = await create(
      purchase(item.url, { guardrails: { allowed_merchants: ['shop.example.com'] } }),
    );
    await stack.until(async () => {
      const events = (await stack.api('GET', `/intents/${id}/events`)).body.events as {
        data: { reason?: string };
      }[];
      return events.some((e) => e.data.reason === 'MERCHANT_NOT_ALLOWED') ? true : undefined;
    });
    expect(await stack.statusOf(id)).toBe('waiting');
    expect(await stack.ordersFor(item.sku)).toHaveLength(0);
    await stack.api('POST', `/intents/${id}/cancel`);
  });

  it('buys nothing after a cancel while waiting, even when the price then drops', async () => {
    const item = await stack.product({ price_cents: 12_999 });
    const id = await create(purchase(item.url));
    await stack.waitForStatus(id, ['waiting']);
    expect((await stack.api('POST', `/intents/${id}/cancel`)).body.status).toBe('canceled');
    await stack.control(`/products/${item.sku}`, { price_cents: 9_000 });
    await new Promise((r) => setTimeout(r, 2500));
    expect(await stack.statusOf(id)).toBe('canceled');
    expect(await stack.ordersFor(item.sku)).toHaveLength(0);
  });

  it('expires at expires_at and buys nothing afterwards', async () => {
    const item = await stack.product({ price_cents: 12_999 });
    const id = await create(
      purchase(item.url, {
        guardrails: {
          allowed_merchants: ['127.0.0.1'],
          expires_at: new Date(Date.now() + 2500).toISOString(),
        },
      }),
    );
    await stack.waitForStatus(id, ['expired'], 15_000);
    await stack.control(`/products/${item.sku}`, { price_cents: 9_000 });
    await new Promise((r) => setTimeout(r, 2000));
    expect(await stack.statusOf(id)).toBe('expired');
    expect((await eventTypes(id)).at(-1)).toBe('intent.expired');
    expect(await stack.ordersFor(item.sku)).toHaveLength(0);
  });

  it('waits with OUT_OF_STOCK and buys when stock returns', async () => {
    const item = await stack.product({ price_cents: 11_000, availability: 'out_of_stock' });
    const id = await create(purchase(item.url));
    await stack.until(async () => {
      const events = (await stack.api('GET', `/intents/${id}/events`)).body.events as {
        data: { reason?: string };
      }[];
      return events.some((e) => e.data.reason === 'OUT_OF_STOCK') ? true : undefined;
    });
    await stack.control(`/products/${item.sku}`, { availability: 'in_stock' });
    await stack.waitForStatus(id, ['succeeded']);
    expect(await stack.ordersFor(item.sku)).toHaveLength(1);
  });
});
