import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack';

/**
 * Crash safety of the executor (issue: "exactly once"). The server is killed with SIGKILL at every
 * named point of every step — and at random moments — then restarted on the same data. After each
 * cycle: at most one order per intent at the merchant, no charge above the intent's limit, and
 * the intent reaches an end (no one stuck in executing).
 */
const FAILPOINTS = [
  'create_checkout:started',
  'create_checkout:before_call',
  'create_checkout:after_call',
  'verify_totals:started',
  'delegate_payment:started',
  'delegate_payment:before_call',
  'delegate_payment:after_call',
  'complete_checkout:started',
  'complete_checkout:before_call',
  'complete_checkout:after_call',
  'succeed:before_commit',
];
const CARDS = ['pm_card_visa', 'pm_card_otp_required', 'pm_card_3ds_required'] as const;
const RANDOM_CYCLES = 20;
const MAX_CHARGE = 15_000;

let stack: Stack;
let failpointFile: string;
beforeAll(async () => {
  const dir = (await import('node:os')).tmpdir();
  failpointFile = join(dir, `failpoint-${process.pid}-${Date.now()}`);
  stack = await startStack([], { INTENT_FAILPOINT_FILE: failpointFile });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

interface Cycle {
  sku: string;
  intentId: string;
  card: (typeof CARDS)[number];
  crashed: boolean;
}

async function createIntent(card: (typeof CARDS)[number]) {
  const item = await stack.product({ price_cents: 11_000 });
  const res = await stack.api('POST', '/intents', {
    type: 'purchase',
    external_user_id: 'crash_test',
    objective: { product: { product_url: item.url } },
    conditions: { max_price_cents: 12_000, currency: 'USD' },
    guardrails: { allowed_merchants: ['127.0.0.1'] },
    payment: { payment_method_id: card, max_charge_cents: MAX_CHARGE },
  });
  expect(res.status).toBe(201);
  return { sku: item.sku, intentId: res.body.intent_id as string };
}

/** Drives an intent to its end after any crash: answers the bank when asked, restarts if killed. */
async function settle(cycle: Cycle) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (stack.server.child.exitCode !== null || stack.server.child.signalCode !== null) {
      cycle.crashed = true;
      await stack.restart();
      continue;
    }
    const intent = (
      await stack.api('GET', `/intents/${cycle.intentId}`).catch(() => ({ body: null }))
    ).body;
    if (intent?.status === 'succeeded' || intent?.status === 'failed')
      return intent.status as string;
    if (intent?.status === 'requires_user_action') {
      const action =
        intent.next_action.type === 'otp'
          ? { type: 'otp', completed: true, code: '000000' }
          : { type: '3ds', completed: true };
      await stack
        .api('POST', `/intents/${cycle.intentId}/resume`, { user_action: action })
        .catch(() => undefined);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(
    `intent ${cycle.intentId} (${cycle.card}) is stuck: ${await stack.statusOf(cycle.intentId).catch(() => 'server down')}`,
  );
}

async function checkInvariants(cycle: Cycle, status: string) {
  const orders = await stack.ordersFor(cycle.sku);
  expect(orders.length, `orders for ${cycle.intentId}`).toBeLessThanOrEqual(1);
  for (const order of orders) expect(order.totals.total).toBeLessThanOrEqual(MAX_CHARGE);
  if (status === 'succeeded') {
    expect(orders).toHaveLength(1);
    const receipt = (await stack.api('GET', `/intents/${cycle.intentId}/receipt`)).body;
    expect(receipt.totals.total_charged_cents).toBe(orders[0]!.totals.total);
  }
}

describe('crash safety: SIGKILL during execution, restart on the same data', () => {
  it(`keeps every purchase exactly-once over ${FAILPOINTS.length * CARDS.length + RANDOM_CYCLES} kill/restart cycles`, async () => {
    let crashes = 0;
    for (const card of CARDS) {
      for (const point of FAILPOINTS) {
        writeFileSync(failpointFile, point);
        const cycle: Cycle = { ...(await createIntent(card)), card, crashed: false };
        const status = await settle(cycle);
        expect(cycle.crashed, `${card} should have crashed at ${point}`).toBe(true);
        crashes++;
        await checkInvariants(cycle, status);
        if (status !== 'succeeded')
          console.log(
            point,
            card,
            JSON.stringify(
              (await stack.api('GET', `/intents/${cycle.intentId}`)).body.latest_execution,
            ),
            JSON.stringify(
              (
                await stack.api('GET', `/intents/${cycle.intentId}/events?limit=200`)
              ).body.events.map((e: { type: string; data: unknown }) => [e.type, e.data]),
            ),
          );
        expect(status).toBe('succeeded');
      }
    }
    for (let i = 0; i < RANDOM_CYCLES; i++) {
      const card = CARDS[i % CARDS.length]!;
      const cycles: Cycle[] = [];
      for (let n = 0; n < 3; n++)
        cycles.push({ ...(await createIntent(card)), card, crashed: false });
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 1500)));
      await stack.restart('SIGKILL');
      crashes++;
      for (const cycle of cycles) await checkInvariants(cycle, await settle(cycle));
    }
    expect(crashes).toBeGreaterThanOrEqual(50);
  }, 600_000);
});
