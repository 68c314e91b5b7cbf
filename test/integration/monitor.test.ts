import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetcher } from '../../server/net/guarded-fetcher';
import { createMonitor } from '../../engine/monitor/monitor';
import { intentBody, testApi } from '../support/api';
import { startPageServer } from '../support/page-server';

let shop: Awaited<ReturnType<typeof startPageServer>>;
const fetchers: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  shop = await startPageServer();
});
afterAll(async () => {
  await shop.close();
  await Promise.all(fetchers.map((f) => f.close()));
});

const MINUTE = 60_000;
let pageNo = 0;

/** An API + monitor on a fake clock, and a fresh product page on the local shop. */
async function setup(page: Partial<Parameters<typeof shop.set>[1]> = {}) {
  const api = await testApi();
  // One fetcher per test: its per-host backoff must not leak into the next test, and it reads
  // the same fake clock as the monitor.
  const fetcher = createGuardedFetcher({
    mode: 'test',
    minIntervalMs: 0,
    timeoutMs: 5000,
    now: api.clock.now,
  });
  fetchers.push(fetcher);
  const executed: string[] = [];
  const monitor = createMonitor(api.engine.ctx, {
    fetcherFor: () => fetcher,
    intervalMs: MINUTE,
    jitter: 0,
    onExecute: (id) => {
      executed.push(id);
    },
  });
  const id = `item-${pageNo++}`;
  shop.set(id, { price_cents: 15_000, ...page });
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await api.call('POST', '/v1/intents', {
      body: intentBody({
        objective: { product: { product_url: shop.url(id) } },
        conditions: { availability: 'in_stock', max_price_cents: 12_000, currency: 'USD' },
        guardrails: { allowed_merchants: ['127.0.0.1'], expires_at: '2030-01-01T00:00:00Z' },
        ...over,
      }),
    });
    expect(res.status).toBe(201);
    return res.body.intent_id as string;
  };
  const next = async (ms = MINUTE) => {
    api.clock.advance(ms);
    return monitor.round();
  };
  const intent = async (intentId: string) =>
    (await api.call('GET', `/v1/intents/${intentId}`)).body;
  const events = async (intentId: string) =>
    (await api.call('GET', `/v1/intents/${intentId}/events`)).body.events as {
      type: string;
      data: Record<string, unknown>;
    }[];
  return { ...api, monitor, executed, id, create, next, intent, events };
}

describe('condition monitor on real pages', () => {
  it('waits with PRICE_ABOVE_LIMIT, then executes when the price drops', async () => {
    const t = await setup();
    const intentId = await t.create();
    await t.monitor.round();
    expect(await t.intent(intentId)).toMatchObject({
      status: 'waiting',
      last_observation: {
        price_cents: 15_000,
        currency: 'USD',
        availability: 'in_stock',
        merchant: '127.0.0.1',
        source: 'json-ld',
      },
    });
    shop.set(t.id, { price_cents: 11_000 });
    const stats = await t.next();
    expect(stats.executions).toBe(1);
    expect((await t.intent(intentId)).status).toBe('executing');
    expect(t.executed).toEqual([intentId]);
    const types = (await t.events(intentId)).map((e) => e.type);
    expect(types).toEqual(['intent.created', 'intent.waiting', 'intent.executing']);
  });

  it('emits intent.waiting only when the reason changes', async () => {
    const t = await setup();
    const intentId = await t.create();
    await t.monitor.round();
    for (let i = 0; i < 4; i++) await t.next();
    shop.set(t.id, { price_cents: 11_000, availability: 'OutOfStock' });
    await t.next();
    await t.next();
    shop.set(t.id, { availability: 'PreOrder' });
    await t.next();
    const waiting = (await t.events(intentId)).filter((e) => e.type === 'intent.waiting');
    expect(waiting.map((e) => e.data.reason)).toEqual([
      'PRICE_ABOVE_LIMIT',
      'OUT_OF_STOCK',
      'PREORDER',
    ]);
    expect(waiting[0]!.data).toMatchObject({
      price_cents: 15_000,
      currency: 'USD',
      availability: 'in_stock',
    });
  });

  it('keeps last_observation fresh without writing the intent on every check', async () => {
    const t = await setup();
    const intentId = await t.create();
    await t.monitor.round();
    const before = await t.intent(intentId);
    await t.next();
    const after = await t.intent(intentId);
    expect(after.updated_at).toBe(before.updated_at);
    expect(Date.parse(after.last_observation.observed_at)).toBe(
      Date.parse(before.last_observation.observed_at) + MINUTE,
    );
  });

  it('fetches a page once per round however many intents watch it', async () => {
    const t = await setup();
    const ids = await Promise.all(Array.from({ length: 12 }, () => t.create()));
    const before = shop.hits(t.id);
    const stats = await t.monitor.round();
    expect(stats.fetches).toBe(1);
    expect(shop.hits(t.id) - before).toBe(1);
    for (const id of ids) expect((await t.intent(id)).status).toBe('waiting');
  });

  it('does not fetch again before the interval', async () => {
    const t = await setup();
    await t.create();
    await t.monitor.round();
    const hits = shop.hits(t.id);
    expect((await t.next(MINUTE / 2)).fetches).toBe(0);
    expect(shop.hits(t.id)).toBe(hits);
    expect((await t.next(MINUTE / 2)).fetches).toBe(1);
  });

  it('uses conditional GET and reads a 304 as the same observation', async () => {
    const t = await setup();
    const intentId = await t.create();
    await t.monitor.round();
    await t.next();
    expect((await t.intent(intentId)).last_observation).toMatchObject({ price_cents: 15_000 });
    shop.set(t.id, { price_cents: 11_000 });
    await t.next();
    expect((await t.intent(intentId)).status).toBe('executing');
  });

  it('reads a page served without validators again only when it changed', async () => {
    const t = await setup({ noValidators: true });
    const intentId = await t.create();
    await t.monitor.round();
    await t.next();
    const refreshed = await t.intent(intentId);
    expect(refreshed.status).toBe('waiting');
    expect(Date.parse(refreshed.last_observation.observed_at)).toBe(t.clock.now());
    shop.set(t.id, { price_cents: 11_000 });
    await t.next();
    expect((await t.intent(intentId)).status).toBe('executing');
  });

  it('never reads a captcha page as out of stock, and backs off', async () => {
    const t = await setup({ captcha: true });
    const intentId = await t.create();
    await t.monitor.round();
    expect((await t.intent(intentId)).status).toBe('active');
    const types = (await t.events(intentId)).map((e) => e.type);
    expect(types).toEqual(['intent.created']);
  });

  it('waits with OBSERVATION_FAILED after three failed checks, never OUT_OF_STOCK', async () => {
    const t = await setup({ status: 403 });
    const intentId = await t.create();
    await t.monitor.round(); // failure 1
    await t.next(MINUTE); // failure 2 (backoff 2 min after this one)
    expect((await t.intent(intentId)).status).toBe('active');
    await t.next(2 * MINUTE); // failure 3
    const waiting = (await t.events(intentId)).filter((e) => e.type === 'intent.waiting');
    expect(waiting.map((e) => e.data.reason)).toEqual(['OBSERVATION_FAILED']);
    expect(waiting[0]!.data).toMatchObject({ error: 'http_403', consecutive_failures: 3 });
  });

  it('backs off exponentially on failures and honours Retry-After', async () => {
    const t = await setup({ status: 503, retryAfter: '600' });
    await t.create();
    await t.monitor.round();
    const hits = shop.hits(t.id);
    expect((await t.next(5 * MINUTE)).fetches).toBe(0);
    expect((await t.next(5 * MINUTE)).fetches).toBe(1);
    expect(shop.hits(t.id)).toBe(hits + 1);
  });

  it('recovers from failures: the next good check decides again', async () => {
    const t = await setup({ status: 500 });
    const intentId = await t.create();
    await t.monitor.round();
    shop.set(t.id, { status: undefined, price_cents: 11_000 });
    await t.next(MINUTE);
    expect((await t.intent(intentId)).status).toBe('executing');
  });

  it('expires intents at expires_at even when the page cannot be fetched', async () => {
    const t = await setup({ status: 500 });
    const intentId = await t.create({
      guardrails: {
        allowed_merchants: ['127.0.0.1'],
        expires_at: new Date(Date.parse('2026-11-22T10:00:00Z') + 10 * MINUTE).toISOString(),
      },
    });
    await t.monitor.round();
    const stats = await t.next(10 * MINUTE);
    expect(stats.expired).toBe(1);
    expect(await t.intent(intentId)).toMatchObject({ status: 'expired' });
    expect((await t.events(intentId)).at(-1)).toMatchObject({
      type: 'intent.expired',
      data: { previous_status: 'active' },
    });
  });

  it('waits outside the time window and executes inside it', async () => {
    const t = await setup({ price_cents: 11_000 });
    const start = Date.parse('2026-11-22T10:10:00Z');
    const intentId = await t.create({
      conditions: {
        max_price_cents: 12_000,
        currency: 'USD',
        time_windows: [
          {
            start: new Date(start).toISOString(),
            end: new Date(start + 30 * MINUTE).toISOString(),
          },
        ],
      },
    });
    await t.monitor.round();
    expect((await t.events(intentId)).at(-1)!.data.reason).toBe('OUTSIDE_TIME_WINDOW');
    await t.next(10 * MINUTE);
    expect((await t.intent(intentId)).status).toBe('executing');
  });

  it('waits with MERCHANT_NOT_ALLOWED for a page of another merchant', async () => {
    const t = await setup({ price_cents: 11_000 });
    const intentId = await t.create({ guardrails: { allowed_merchants: ['shop.example.com'] } });
    await t.monitor.round();
    expect((await t.events(intentId)).at(-1)!.data.reason).toBe('MERCHANT_NOT_ALLOWED');
  });

  it('stops watching canceled intents and forgets the page', async () => {
    const t = await setup();
    const intentId = await t.create();
    await t.monitor.round();
    await t.call('POST', `/v1/intents/${intentId}/cancel`);
    await t.next();
    expect((await t.next()).fetches).toBe(0);
    expect((await t.intent(intentId)).status).toBe('canceled');
  });

  it('records a price history point per change', async () => {
    const t = await setup();
    await t.create();
    await t.monitor.round();
    await t.next();
    shop.set(t.id, { price_cents: 14_000 });
    await t.next();
    const intentId = (await t.call('GET', '/v1/intents')).body.data[0].intent_id;
    const history = await t.call('GET', `/v1/intents/${intentId}/price_history`);
    expect(history.status).toBe(200);
    expect(history.body.data.map((p: { price_cents: number }) => p.price_cents)).toEqual([
      15_000, 14_000,
    ]);
    expect(history.body.data[0]).toMatchObject({ currency: 'USD', availability: 'in_stock' });
  });
});
