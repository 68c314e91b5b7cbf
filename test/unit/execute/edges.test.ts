import { describe, expect, it } from 'vitest';
import { createSandboxMerchant } from '../../../server/sandbox-merchant/index';
import type { Store } from '../../../engine/index';
import {
  boot,
  crashOnceAt,
  call,
  crashAndRestart,
  newWorld,
  ordersOf,
  SANDBOX,
  sandboxPurchase,
  setProduct,
  settle,
  type World,
} from '../../support/world';

/**
 * Edges of execution found in review: a charge that may exist is never written off by expiry,
 * the unit price is checked again after the user answered the bank, a process without the
 * merchant's connector ends what it can, and a canceled intent is never written to again.
 */

const MINUTE = 60_000;

async function eventsOf(world: World, intentId: string) {
  const res = await call(world, 'GET', `/v1/intents/${intentId}/events?limit=100`);
  return res.body.events as Array<{ type: string; data: Record<string, unknown> }>;
}

/** A purchase with the OTP test card, checked once: it now waits for the code. */
async function awaitingOtp(world: World, sku: string) {
  await setProduct(world, sku, { price_cents: 9_000 });
  const body = sandboxPurchase(sku, {
    payment: { payment_method_id: 'pm_card_otp_required', max_charge_cents: 15_000 },
  });
  const id = (await call(world, 'POST', '/v1/intents', body)).body.intent_id as string;
  await settle(world);
  return id;
}

const waitingReasons = async (world: World, intentId: string) =>
  (await eventsOf(world, intentId))
    .filter((event) => event.type === 'intent.waiting')
    .map((event) => event.data.reason);

const eventTypes = async (world: World, intentId: string) =>
  (await eventsOf(world, intentId)).map((event) => event.type);

async function expiringPurchase(world: World, sku: string, card = 'pm_card_visa') {
  await setProduct(world, sku, { price_cents: 10_000 });
  const expiresAt = new Date(world.clock.now() + 5 * MINUTE).toISOString();
  const res = await call(
    world,
    'POST',
    '/v1/intents',
    sandboxPurchase(sku, {
      guardrails: { allowed_merchants: ['127.0.0.1'], expires_at: expiresAt },
      payment: { payment_method_id: card, max_charge_cents: 15_000 },
    }),
  );
  expect(res.status).toBe(201);
  return res.body.intent_id as string;
}

describe('execution edges', () => {
  it('a crash right after the paying call, then expiry before recovery: the order is recorded, not expired', async () => {
    const world = await newWorld({ failpoint: crashOnceAt('complete_checkout:after_call') });
    const id = await expiringPurchase(world, 'edge-a');
    await settle(world).catch(() => {});
    expect(ordersOf(world, 'edge-a')).toHaveLength(1);

    world.clock.advance(6 * MINUTE);
    await crashAndRestart(world);

    const intent = (await call(world, 'GET', `/v1/intents/${id}`)).body;
    expect(intent.status).toBe('succeeded');
    expect(intent.receipt_id).toMatch(/^rcpt_/);
    expect((await call(world, 'GET', `/v1/intents/${id}/receipt`)).status).toBe(200);
    expect(ordersOf(world, 'edge-a')).toHaveLength(1);
    expect(await eventTypes(world, id)).not.toContain('intent.expired');
  });

  it('an unknown outcome that outlives the expiry: the merchant is asked, never charged again', async () => {
    const world = await newWorld({ sleep: () => new Promise((r) => setTimeout(r, 1)) });
    const id = await expiringPurchase(world, 'edge-f');
    let armed = false;
    let sessionReads = 0;
    world.onRequest = async ({ url, method }) => {
      if (url.endsWith('/complete') && !armed) {
        armed = true;
        // The order is placed but the answer is lost, and the merchant stays flaky for a while.
        await world.sandbox.app.request(`${SANDBOX}/_control/faults`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            next: [
              { op: 'complete', kind: 'drop_connection_after_commit' },
              { op: 'get', kind: 'error_500' },
              { op: 'complete', kind: 'error_500' },
              { op: 'get', kind: 'error_500' },
            ],
          }),
        });
      }
      // The intent expires while the outcome is still unknown.
      if (method === 'GET' && url.includes('/checkout_sessions/') && ++sessionReads === 2)
        world.clock.advance(6 * MINUTE);
    };
    await settle(world);
    for (let i = 0; i < 10; i++) {
      await new Promise((r) => setTimeout(r, 10));
      await world.engine.executor.idle();
    }

    const intent = (await call(world, 'GET', `/v1/intents/${id}`)).body;
    expect(intent.status).toBe('succeeded');
    expect(ordersOf(world, 'edge-f')).toHaveLength(1);
    expect(await eventTypes(world, id)).not.toContain('intent.expired');
  });

  it('a crash before any paying call, then expiry: the attempt expires and nothing is bought', async () => {
    const world = await newWorld({ failpoint: crashOnceAt('delegate_payment:after_call') });
    const id = await expiringPurchase(world, 'edge-x');
    await settle(world).catch(() => {});
    world.clock.advance(6 * MINUTE);
    await crashAndRestart(world);
    expect((await call(world, 'GET', `/v1/intents/${id}`)).body.status).toBe('expired');
    expect(ordersOf(world, 'edge-x')).toHaveLength(0);
  });

  it('checks the unit price again after the user answered the bank', async () => {
    const world = await newWorld();
    await setProduct(world, 'edge-b', { price_cents: 9_900 });
    const res = await call(
      world,
      'POST',
      '/v1/intents',
      sandboxPurchase('edge-b', {
        conditions: { max_price_cents: 9_900, currency: 'USD' },
        payment: { payment_method_id: 'pm_card_otp_required', max_charge_cents: 12_000 },
      }),
    );
    const id = res.body.intent_id as string;
    await settle(world);
    expect((await call(world, 'GET', `/v1/intents/${id}`)).body.status).toBe(
      'requires_user_action',
    );

    // The price rises while the user reads the code; the total still fits max_charge_cents
    // (it crosses the free-shipping line), so only the unit price check can stop the purchase.
    await setProduct(world, 'edge-b', { price_cents: 10_000 });
    const resumed = await call(world, 'POST', `/v1/intents/${id}/resume`, {
      user_action: { type: 'otp', completed: true, code: '000000' },
    });
    expect(resumed.status).toBe(200);
    await world.engine.executor.idle();

    const intent = (await call(world, 'GET', `/v1/intents/${id}`)).body;
    expect(intent.status).toBe('waiting');
    expect((await waitingReasons(world, id)).at(-1)).toBe('PRICE_ABOVE_LIMIT');
    expect(ordersOf(world, 'edge-b')).toHaveLength(0);
  });

  it('a declined price that returns after a stock-out says USER_DECLINED again, and buys nothing', async () => {
    const world = await newWorld();
    const id = await awaitingOtp(world, 'edge-w');
    const declined = await call(world, 'POST', `/v1/intents/${id}/resume`, {
      user_action: { type: 'otp', completed: false },
    });
    expect(declined.body.status).toBe('waiting');
    const round = async () => {
      world.clock.advance(61_000);
      await settle(world);
    };
    await setProduct(world, 'edge-w', { availability: 'out_of_stock' });
    await round();
    await setProduct(world, 'edge-w', { availability: 'in_stock' });
    await round();
    await round();

    const reasons = await waitingReasons(world, id);
    expect(reasons).toEqual(['USER_DECLINED', 'OUT_OF_STOCK', 'USER_DECLINED']);
    expect((await call(world, 'GET', `/v1/intents/${id}`)).body.status).toBe('waiting');
    expect(ordersOf(world, 'edge-w')).toHaveLength(0);
  });

  it('a checkout refused for stock is not retried at every check, and stock that returns is bought', async () => {
    const world = await newWorld();
    await setProduct(world, 'edge-s', { price_cents: 9_000 });
    const id = (await call(world, 'POST', '/v1/intents', sandboxPurchase('edge-s'))).body
      .intent_id as string;
    // The page said in stock; by the time the checkout opens, the merchant has none.
    let soldOut = true;
    world.onRequest = async ({ url, method }) => {
      if (soldOut && method === 'POST' && url.endsWith('/checkout_sessions'))
        await setProduct(world, 'edge-s', { availability: 'out_of_stock' });
    };
    await settle(world);
    expect((await call(world, 'GET', `/v1/intents/${id}`)).body.status).toBe('waiting');
    soldOut = false;
    await setProduct(world, 'edge-s', { availability: 'in_stock' });
    const round = async (ms: number) => {
      world.clock.advance(ms);
      await settle(world);
    };
    await round(61_000);
    const attempts = async () =>
      (await eventsOf(world, id)).filter((event) => event.type === 'intent.executing').length;
    expect(await attempts()).toBe(1); // the same page a minute later does not start another checkout
    await round(60 * 60_000);
    expect(await attempts()).toBe(2);
    expect((await call(world, 'GET', `/v1/intents/${id}`)).body.status).toBe('succeeded');
    expect(ordersOf(world, 'edge-s')).toHaveLength(1);
  });

  it('a session the merchant forgot after the bank answered ends the attempt, never stuck executing', async () => {
    const world = await newWorld();
    const id = await awaitingOtp(world, 'edge-g');
    let answered = false;
    world.onRequest = async ({ url, method }) => {
      if (url.includes('/_acs/') && method === 'POST') answered = true;
      // The merchant restarts between the bank's answer and our re-check: the session is gone.
      else if (answered && url.includes('/checkout_sessions/'))
        world.sandbox = createSandboxMerchant({ now: world.clock.now, baseUrl: SANDBOX });
    };
    await call(world, 'POST', `/v1/intents/${id}/resume`, {
      user_action: { type: 'otp', completed: true, code: '000000' },
    });
    await world.engine.executor.idle();
    const intent = (await call(world, 'GET', `/v1/intents/${id}`)).body;
    expect(intent.status).toBe('failed');
    expect(ordersOf(world, 'edge-g')).toHaveLength(0);
  });

  it('an intent past expires_at expires after the bank answered, even if the merchant cannot be reached', async () => {
    const world = await newWorld();
    const id = await expiringPurchase(world, 'edge-h', 'pm_card_otp_required');
    await settle(world);
    expect((await call(world, 'GET', `/v1/intents/${id}`)).body.status).toBe(
      'requires_user_action',
    );
    await call(world, 'POST', `/v1/intents/${id}/resume`, {
      user_action: { type: 'otp', completed: true, code: '000000' },
    });
    // The resumed attempt has not run yet when the process dies; it recovers after expiry with
    // the merchant unreachable.
    world.clock.advance(6 * MINUTE);
    world.onRequest = () => {
      throw new Error('connection refused');
    };
    await crashAndRestart(world);
    expect((await call(world, 'GET', `/v1/intents/${id}`)).body.status).toBe('expired');
    expect(ordersOf(world, 'edge-h')).toHaveLength(0);
  });

  it("a receipt's expiry check is as of the paying call, even after restarts without the merchant", async () => {
    const world = await newWorld({ failpoint: crashOnceAt('complete_checkout:after_call') });
    const id = await expiringPurchase(world, 'edge-i');
    await settle(world).catch(() => {});
    world.clock.advance(6 * MINUTE);
    await crashAndRestart(world, { sandboxConnector: false });
    await crashAndRestart(world);
    expect((await call(world, 'GET', `/v1/intents/${id}`)).body.status).toBe('succeeded');
    const receipt = (await call(world, 'GET', `/v1/intents/${id}/receipt`)).body;
    const expiry = receipt.guardrails_checked.find(
      (check: { name: string }) => check.name === 'expires_at',
    );
    expect(expiry).toMatchObject({ actual: '2026-11-22T10:00:00.000Z', passed: true });
  });

  it('a block recorded before blocked_reason existed keeps its reason (no relabelling event)', async () => {
    const world = await newWorld();
    await setProduct(world, 'edge-j', { price_cents: 10_000 });
    const body = sandboxPurchase('edge-j', {
      payment: { payment_method_id: 'pm_card_visa', max_charge_cents: 10_100 },
    });
    const id = (await call(world, 'POST', '/v1/intents', body)).body.intent_id as string;
    await settle(world); // tax and shipping push the total over max_charge_cents
    await world.store.transact(async (tx) => {
      const {
        blocked_reason: _reason,
        blocked_until_ms: _until,
        ...older
      } = (await tx.get('intents', id))!;
      await tx.put('intents', older);
    });
    for (let i = 0; i < 2; i++) {
      world.clock.advance(61_000);
      await settle(world);
    }
    const reasons = await waitingReasons(world, id);
    expect(reasons).toEqual(['TOTAL_ABOVE_LIMIT']);
  });

  it('a declined resume commits with its idempotent answer: a crash before it leaves nothing half-done', async () => {
    const world = await newWorld();
    let failIdempotencyWrite = false;
    const inner = world.store;
    // The process "dies" right before the idempotency record is written.
    const failing: Store = {
      ...inner,
      transact: (work) =>
        inner.transact((tx) =>
          work({
            ...tx,
            put: async (table, doc) => {
              if (failIdempotencyWrite && table === 'idempotency') {
                failIdempotencyWrite = false;
                throw new Error('crash before the idempotency record');
              }
              return tx.put(table, doc);
            },
          }),
        ),
    };
    world.store = failing;
    world.alive.value = false;
    boot(world);
    const id = await awaitingOtp(world, 'edge-k');
    const decline = () =>
      world.engine.fetch(
        new Request(`http://engine/v1/intents/${id}/resume`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${world.key}`,
            'Content-Type': 'application/json',
            'Idempotency-Key': 'decline-1',
          },
          body: JSON.stringify({ user_action: { type: 'otp', completed: false } }),
        }),
      );
    failIdempotencyWrite = true;
    expect((await decline()).status).toBe(500);
    expect((await call(world, 'GET', `/v1/intents/${id}`)).body.status).toBe(
      'requires_user_action',
    );
    const retry = await decline();
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as { status: string }).status).toBe('waiting');
    const replay = await decline();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });

  it('a receipt states the checks as charged when the merchant repriced at complete', async () => {
    const world = await newWorld();
    await setProduct(world, 'edge-r', { price_cents: 9_900 });
    const id = (
      await call(
        world,
        'POST',
        '/v1/intents',
        sandboxPurchase('edge-r', { conditions: { max_price_cents: 9_900, currency: 'USD' } }),
      )
    ).body.intent_id as string;
    // Verified at 9 900; the price moves just before the paying call. The new total (free
    // shipping from 100.00) still fits the allowance, so the merchant charges it.
    world.onRequest = async ({ url }) => {
      if (url.endsWith('/complete')) await setProduct(world, 'edge-r', { price_cents: 10_000 });
    };
    await settle(world);

    expect((await call(world, 'GET', `/v1/intents/${id}`)).body.status).toBe('succeeded');
    const [order] = ordersOf(world, 'edge-r');
    expect(order!.lines[0]!.unit_amount).toBe(10_000);
    const receipt = (await call(world, 'GET', `/v1/intents/${id}/receipt`)).body;
    const unitCheck = receipt.guardrails_checked.find(
      (check: { name: string }) => check.name === 'max_price_cents',
    );
    expect(unitCheck).toMatchObject({ actual: 10_000, limit: 9_900, passed: false });
    expect(receipt.totals.total_charged_cents).toBe(order!.totals.total);
  });

  it('a process without the merchant connector ends an attempt that cannot have charged', async () => {
    const world = await newWorld({ failpoint: crashOnceAt('delegate_payment:after_call') });
    const id = await expiringPurchase(world, 'edge-c');
    await settle(world).catch(() => {});
    await crashAndRestart(world, { sandboxConnector: false });

    const intent = (await call(world, 'GET', `/v1/intents/${id}`)).body;
    expect(intent.status).toBe('failed');
    expect(intent.latest_execution.last_error.code).toBe('merchant_unavailable');
    expect(ordersOf(world, 'edge-c')).toHaveLength(0);
  });

  it('a process without the merchant connector keeps an attempt that may have charged, and cancel still waits', async () => {
    const world = await newWorld({ failpoint: crashOnceAt('complete_checkout:before_call') });
    const id = await expiringPurchase(world, 'edge-d');
    await settle(world).catch(() => {});
    await crashAndRestart(world, { sandboxConnector: false });
    const intent = (await call(world, 'GET', `/v1/intents/${id}`)).body;
    expect(intent.status).toBe('executing');
    expect(intent.latest_execution.last_error.code).toBe('merchant_unavailable');

    // The merchant is back: the attempt is reconciled (same key) and ends exactly once.
    await crashAndRestart(world);
    expect((await call(world, 'GET', `/v1/intents/${id}`)).body.status).toBe('succeeded');
    expect(ordersOf(world, 'edge-d')).toHaveLength(1);
  });

  it('writes nothing to an intent canceled while a merchant call was in flight', async () => {
    const world = await newWorld();
    await setProduct(world, 'edge-e', { price_cents: 10_000 });
    const id = (await call(world, 'POST', '/v1/intents', sandboxPurchase('edge-e'))).body
      .intent_id as string;
    let canceled = false;
    world.onRequest = async ({ url }) => {
      if (canceled || !url.endsWith('/delegate_payment')) return;
      canceled = true;
      expect((await call(world, 'POST', `/v1/intents/${id}/cancel`, {})).status).toBe(200);
    };
    await settle(world);
    expect(canceled).toBe(true);

    const intent = (await call(world, 'GET', `/v1/intents/${id}`)).body;
    expect(intent.status).toBe('canceled');
    expect(intent.latest_execution.status).not.toBe('running');
    const types = await eventTypes(world, id);
    expect(types.at(-1)).toBe('intent.canceled');
    expect(ordersOf(world, 'edge-e')).toHaveLength(0);
  });
});
