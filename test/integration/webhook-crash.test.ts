import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack';
import { webhookReceiver, type Received } from '../support/webhook-receiver';

/**
 * Crash safety of webhook delivery: the server is SIGKILLed at random moments while intents are
 * created (each makes events) and their events delivered, 20 times over. After a final restart,
 * every event the server recorded reaches the receiver at least once, and each `webhook-id` maps
 * to one event. One first attempt in ten fails (500), so retries cross the crashes too.
 */
const CYCLES = 20;
const INTENTS_PER_CYCLE = 25; // each makes intent.created and intent.waiting (out of stock)

let stack: Stack;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
const failedOnce = new Set<string>();

beforeAll(async () => {
  receiver = await webhookReceiver((request: Received) => {
    const id = request.headers['webhook-id']!;
    if (!failedOnce.has(id) && Math.random() < 0.1) {
      failedOnce.add(id);
      return { status: 500 };
    }
    failedOnce.add(id);
    return { status: 200 };
  });
  stack = await startStack(['--rate-limit', '0', '--webhook-interval-ms', '50']);
}, 60_000);
afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
});

/** Calls the API until it answers (the server may be down between a kill and its restart). */
async function persist(method: string, path: string, body?: unknown, key?: string) {
  for (;;) {
    const res = await stack
      .api(method, path, body, key ? { 'Idempotency-Key': key } : {})
      .catch(() => null);
    if (res && res.status < 500) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function allEventIds(): Promise<Set<string>> {
  const ids = new Set<string>();
  let after: string | null = null;
  for (;;) {
    const query: string = after ? `&starting_after=${after}` : '';
    const page = (await persist('GET', `/events?limit=100${query}`)).body;
    for (const event of page.data) ids.add(event.event_id);
    if (!page.has_more) return ids;
    after = page.next_cursor;
  }
}

describe('crash safety of webhooks: SIGKILL while events are produced and delivered', () => {
  it(`delivers every event at least once over ${CYCLES} kills`, async () => {
    const endpoint = await persist('POST', '/webhook_endpoints', { url: `${receiver.url}/hooks` });
    expect(endpoint.status).toBe(201);
    const item = await stack.product({ price_cents: 11_000, availability: 'OutOfStock' });
    let made = 0;
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const creating = (async () => {
        for (let n = 0; n < INTENTS_PER_CYCLE; n++) {
          const key = `crash-${cycle}-${n}`;
          const res = await persist(
            'POST',
            '/intents',
            {
              type: 'purchase',
              external_user_id: key,
              objective: { product: { product_url: item.url } },
              conditions: { max_price_cents: 12_000, currency: 'USD' },
              payment: { payment_method_id: 'pm_card_visa', max_charge_cents: 15_000 },
            },
            key,
          );
          expect(res.status).toBe(201);
          made++;
        }
      })();
      await new Promise((r) => setTimeout(r, 200 + Math.floor(Math.random() * 1200)));
      await stack.restart('SIGKILL');
      await creating;
    }
    await stack.restart('SIGTERM');
    expect(made).toBe(CYCLES * INTENTS_PER_CYCLE);

    // The monitor's first check of each intent records intent.waiting: wait for all of them.
    await stack.until(
      async () => ((await allEventIds()).size >= 2 * made ? true : undefined),
      60_000,
      'every intent checked',
    );
    const recorded = await allEventIds();
    const delivered = () => new Set(receiver.received.map((r) => r.headers['webhook-id']));
    await stack.until(
      async () => ([...recorded].every((id) => delivered().has(id)) ? true : undefined),
      60_000,
      'every event delivered',
    );
    const bodies = new Map<string, Set<string>>();
    for (const request of receiver.received) {
      const id = request.headers['webhook-id']!;
      expect(JSON.parse(request.body).event_id).toBe(id);
      bodies.set(id, (bodies.get(id) ?? new Set()).add(request.body));
    }
    expect([...bodies.values()].every((set) => set.size === 1)).toBe(true);
    console.log(
      `webhook crash test: ${recorded.size} events, ${receiver.received.length} deliveries, ` +
        `${bodies.size} distinct webhook-ids, ${receiver.received.length - bodies.size} repeats`,
    );
    expect(recorded.size).toBeGreaterThanOrEqual(1000);
  }, 600_000);
});
