import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { applyTransition, createEngine } from '../../engine/index';
import { createGuardedFetcher } from '../../server/net/guarded-fetcher';
import { intentBody, testApi } from '../support/api';
import { webhookReceiver, type Answer, type Received } from '../support/webhook-receiver';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((close) => close()));
});

/** An engine whose dispatcher posts through the guarded fetcher (test mode) to a real receiver. */
async function setup(answer?: (request: Received) => Answer | Promise<Answer>) {
  const receiver = await webhookReceiver(answer);
  const fetcher = createGuardedFetcher({ mode: 'test', politeness: false });
  cleanups.push(receiver.close, fetcher.close);
  const api = await testApi({ webhooks: { fetcherFor: () => fetcher, random: () => 0.5 } });
  api.clock.set(Date.now()); // signatures are checked against the real time
  const endpoint = async (body: Record<string, unknown> = {}) => {
    const res = await api.call('POST', '/v1/webhook_endpoints', {
      body: { url: `${receiver.url}/hooks`, ...body },
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; secret: string };
  };
  const createIntent = async () =>
    (await api.call('POST', '/v1/intents', { body: intentBody() })).body.intent_id as string;
  const dispatcher = api.engine.webhooks!;
  return { ...api, receiver, endpoint, createIntent, dispatcher };
}

const verify = (secret: string, request: Received) =>
  new Webhook(secret).verify(request.body, request.headers) as { event_id: string };

describe('webhook delivery to a real receiver', () => {
  it('two instances draining one outbox at once send each event once between them', async () => {
    const receiver = await webhookReceiver();
    const fetcher = createGuardedFetcher({ mode: 'test', politeness: false });
    cleanups.push(receiver.close, fetcher.close);
    const sentBy = { a: 0, b: 0 };
    // Rows go to whichever instance commits its claim first, and nothing shares them out: an
    // instance whose steps follow each other closely can win every race (the other's read keeps
    // landing between its read and its commit, so both claim the same rows and it loses), and
    // then sends everything. So each instance's first delivery waits for the other's first:
    // the first to claim holds its rows and claims nothing more until the other has claimed
    // rows of its own, which it then can; from there both drain on, racing for the rest. The
    // wait ends after 5 s all the same, so that an instance that never claims fails below.
    const started = { a: () => {}, b: () => {} };
    const hasSent = {
      a: new Promise<void>((resolve) => (started.a = resolve)),
      b: new Promise<void>((resolve) => (started.b = resolve)),
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const giveUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, 5000)));
    cleanups.push(async () => clearTimeout(timer));
    const counting = (name: 'a' | 'b') => ({
      fetcherFor: () => ({
        fetch: async (request: Parameters<typeof fetcher.fetch>[0]) => {
          sentBy[name]++;
          started[name]();
          await Promise.race([hasSent[name === 'a' ? 'b' : 'a'], giveUp]);
          return fetcher.fetch(request);
        },
      }),
      random: () => 0.5,
      batchSize: 4,
    });
    const api = await testApi({ instanceId: 'a', webhooks: counting('a') });
    const other = createEngine({
      store: api.engine.ctx.store,
      clock: api.clock,
      instanceId: 'b',
      webhooks: counting('b'),
    });
    api.clock.set(Date.now());
    await api.call('POST', '/v1/webhook_endpoints', { body: { url: `${receiver.url}/hooks` } });
    for (let i = 0; i < 24; i++) await api.call('POST', '/v1/intents', { body: intentBody() });

    // Both keep draining until everything arrived: a round that finds only rows the other
    // instance claimed sends none and ends its drain.
    const drainUntilAll = async (dispatcher: NonNullable<typeof other.webhooks>) => {
      for (let i = 0; i < 100 && receiver.received.length < 24; i++) await dispatcher.drain();
      await dispatcher.drain();
    };
    await Promise.all([drainUntilAll(api.engine.webhooks!), drainUntilAll(other.webhooks!)]);

    const ids = receiver.received.map((request) => request.headers['webhook-id']);
    expect(ids).toHaveLength(24);
    expect(new Set(ids).size).toBe(24);
    expect(sentBy.a + sentBy.b).toBe(24);
    expect(sentBy.a).toBeGreaterThan(0);
    expect(sentBy.b).toBeGreaterThan(0);
  });

  it('signs by Standard Webhooks: the reference library verifies; tampering, a wrong secret, an old timestamp fail', async () => {
    const { endpoint, createIntent, dispatcher, receiver, call } = await setup();
    const { secret } = await endpoint();
    const intentId = await createIntent();
    await dispatcher.drain();
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received as [Received];
    const event = verify(secret, request);
    expect(request.headers['webhook-id']).toBe(event.event_id);
    const feed = await call('GET', `/v1/events?intent_id=${intentId}`);
    expect(JSON.parse(request.body)).toEqual(feed.body.data[0]);

    expect(() =>
      verify(secret, { ...request, body: request.body.replace('intent', 'intemt') }),
    ).toThrow();
    const other = 'whsec_' + Buffer.from('a'.repeat(24)).toString('base64');
    expect(() => verify(other, request)).toThrow();
    const old = String(Math.floor(Date.now() / 1000) - 6 * 60);
    expect(() =>
      verify(secret, { ...request, headers: { ...request.headers, 'webhook-timestamp': old } }),
    ).toThrow();
  });

  it('retries a failing endpoint on schedule with the same webhook-id, and lists the attempts', async () => {
    let failures = 2;
    const { endpoint, createIntent, dispatcher, receiver, clock, call } = await setup(() =>
      failures-- > 0 ? { status: 500 } : { status: 204 },
    );
    const { id } = await endpoint();
    await createIntent();
    await dispatcher.drain();
    expect(receiver.received).toHaveLength(1);
    clock.advance(4_000); // the first retry is due after 5 s (±20 %; jitter fixed at 0)
    await dispatcher.drain();
    expect(receiver.received).toHaveLength(1);
    clock.advance(1_000);
    await dispatcher.drain();
    expect(receiver.received).toHaveLength(2);
    clock.advance(5 * 60_000);
    await dispatcher.drain();
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);

    const deliveries = await call('GET', `/v1/webhook_endpoints/${id}/deliveries`);
    expect(deliveries.status).toBe(200);
    expect(
      deliveries.body.data.map((d: { attempt: number; http_status: number; status: string }) => [
        d.attempt,
        d.http_status,
        d.status,
      ]),
    ).toEqual([
      [3, 204, 'succeeded'],
      [2, 500, 'failed'],
      [1, 500, 'failed'],
    ]);
    expect(deliveries.body.data[1].next_retry_at).not.toBeNull();
    expect(deliveries.body.data[0].event_type).toBe('intent.created');
  });

  it('does not follow a redirect: a 3xx is a failure', async () => {
    const { endpoint, createIntent, dispatcher, receiver, call } = await setup((r) =>
      r.path === '/hooks' ? { status: 302, headers: { location: '/elsewhere' } } : { status: 200 },
    );
    const { id } = await endpoint();
    await createIntent();
    await dispatcher.drain();
    expect(receiver.received.map((r) => r.path)).toEqual(['/hooks']);
    const deliveries = await call('GET', `/v1/webhook_endpoints/${id}/deliveries`);
    expect(deliveries.body.data[0]).toMatchObject({ http_status: 302, status: 'failed' });
  });

  it('disables an endpoint at once on 410 and records webhook_endpoint.disabled', async () => {
    const { endpoint, createIntent, dispatcher, receiver, call } = await setup(() => ({
      status: 410,
    }));
    const { id } = await endpoint();
    await createIntent();
    await dispatcher.drain();
    await createIntent();
    await dispatcher.drain();
    expect(receiver.received).toHaveLength(1);
    const got = await call('GET', `/v1/webhook_endpoints/${id}`);
    expect(got.body).toMatchObject({ status: 'disabled' });
    expect(got.body.disabled_reason).toContain('410');
    const feed = await call('GET', '/v1/events?type=webhook_endpoint.disabled');
    expect(feed.body.data[0]).toMatchObject({
      intent_id: null,
      data: { endpoint_id: id, reason: 'gone' },
    });
  });

  it('disables an endpoint with no success for five days', async () => {
    const { endpoint, createIntent, dispatcher, clock, call } = await setup(() => ({
      status: 500,
    }));
    const { id } = await endpoint();
    await createIntent();
    await dispatcher.drain();
    clock.advance(5 * 24 * 3600_000);
    await createIntent();
    await dispatcher.drain();
    expect((await call('GET', `/v1/webhook_endpoints/${id}`)).body.status).toBe('disabled');
    const feed = await call('GET', '/v1/events?type=webhook_endpoint.disabled');
    expect(feed.body.data[0].data).toMatchObject({ endpoint_id: id, reason: 'failing' });
  });

  it('honours Retry-After on 429', async () => {
    let first = true;
    const { endpoint, createIntent, dispatcher, receiver, clock } = await setup(() => {
      if (!first) return { status: 200 };
      first = false;
      return { status: 429, headers: { 'retry-after': '120' } };
    });
    await endpoint();
    await createIntent();
    await dispatcher.drain();
    clock.advance(60_000);
    await dispatcher.drain();
    expect(receiver.received).toHaveLength(1);
    clock.advance(60_000);
    await dispatcher.drain();
    expect(receiver.received).toHaveLength(2);
  });

  it('signs with both secrets for 24 hours after a rotation, then with the new one only', async () => {
    const { endpoint, createIntent, dispatcher, receiver, clock, call } = await setup();
    const { id, secret: oldSecret } = await endpoint();
    const rotated = await call('POST', `/v1/webhook_endpoints/${id}/rotate_secret`);
    expect(rotated.status).toBe(200);
    const newSecret = rotated.body.secret as string;
    expect(newSecret).not.toBe(oldSecret);
    await createIntent();
    await dispatcher.drain();
    const during = receiver.received[0]!;
    expect(during.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    verify(oldSecret, during);
    verify(newSecret, during);

    clock.advance(24 * 3600_000 + 1);
    await createIntent();
    await dispatcher.drain();
    const after = receiver.received[1]!;
    // The receiver's clock is the real one: re-date the headers to now to test only the secret.
    expect(after.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    const stamp = Number(after.headers['webhook-timestamp']);
    const signedAgo = Math.floor(Date.now() / 1000) - stamp;
    expect(signedAgo).toBeLessThan(0); // signed at the fake clock's time, a day ahead
    const at = new Date(stamp * 1000);
    const id2 = after.headers['webhook-id']!;
    expect(after.headers['webhook-signature']).toBe(
      new Webhook(newSecret).sign(id2, at, after.body),
    );
    expect(after.headers['webhook-signature']).not.toContain(
      new Webhook(oldSecret).sign(id2, at, after.body).slice(3),
    );
  });

  it('does not let a slow endpoint delay a healthy one', async () => {
    const held: (() => void)[] = [];
    const { endpoint, createIntent, dispatcher, receiver } = await setup(
      () => new Promise<Answer>((resolve) => held.push(() => resolve({ status: 200 }))),
    );
    const fast = await webhookReceiver();
    cleanups.push(fast.close);
    await endpoint({ url: `${receiver.url}/slow` });
    await endpoint({ url: `${fast.url}/fast` });
    for (let i = 0; i < 20; i++) await createIntent();
    await dispatcher.tick();
    const fastCount = () => fast.received.length;
    for (let i = 0; i < 100 && fastCount() < 20; i++) await new Promise((r) => setTimeout(r, 20));
    expect(fastCount()).toBe(20);
    expect(held.length).toBeGreaterThan(0);
    expect(held.length).toBeLessThanOrEqual(16); // the slow endpoint's in-flight limit
    // From here the slow endpoint answers at once. Releasing the held requests in waves instead
    // would have to guess when the next wave has arrived: the rest wait in the dispatcher and in
    // the fetcher's queue (4 connections per origin), and a wave late by a moment was never
    // released, so the drain waited for its deliveries to time out.
    receiver.answerWith(() => ({ status: 200 }));
    held.splice(0).forEach((release) => release());
    await dispatcher.drain();
    expect(receiver.received.filter((r) => r.path === '/slow')).toHaveLength(20);
  });

  it("delivers one intent's events in order, even when the first must be retried", async () => {
    let failFirst = true;
    const { endpoint, createIntent, dispatcher, receiver, clock, engine } = await setup(() => {
      if (!failFirst) return { status: 200 };
      failFirst = false;
      return { status: 503 };
    });
    await endpoint();
    const intentId = await createIntent();
    const { ctx } = engine;
    for (const reason of ['OUT_OF_STOCK', 'PRICE_ABOVE_LIMIT']) {
      await ctx.store.transact((tx) =>
        applyTransition(
          tx,
          ctx,
          intentId,
          'conditions_unmet',
          { reason },
          { waiting_reason: reason },
        ),
      );
    }
    await dispatcher.drain();
    expect(receiver.received).toHaveLength(1);
    clock.advance(10_000);
    await dispatcher.drain();
    const delivered = receiver.received.slice(1).map((r) => JSON.parse(r.body));
    expect(
      delivered.map((e: { type: string; data: { reason?: string } }) => e.data.reason ?? e.type),
    ).toEqual(['intent.created', 'OUT_OF_STOCK', 'PRICE_ABOVE_LIMIT']);
  });

  it('sends webhook.test to the one endpoint, and resends an event on request', async () => {
    const { endpoint, createIntent, dispatcher, receiver, call } = await setup();
    const a = await endpoint();
    await endpoint({ enabled_events: ['intent.succeeded'] });
    const test = await call('POST', `/v1/webhook_endpoints/${a.id}/test`);
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ type: 'webhook.test', intent_id: null });
    await dispatcher.drain();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body).type).toBe('webhook.test');

    await createIntent();
    await dispatcher.drain();
    const eventId = receiver.received[1]!.headers['webhook-id'];
    const retry = await call('POST', `/v1/webhook_endpoints/${a.id}/deliveries/${eventId}/retry`);
    expect(retry.status).toBe(200);
    await dispatcher.drain();
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([
      test.body.event_id,
      eventId,
      eventId,
    ]);
    const missing = await call('POST', `/v1/webhook_endpoints/${a.id}/deliveries/evt_nope/retry`);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'resource_missing', param: 'event_id' });
  });

  it('in live mode refuses at connect time a name that resolves to a private address', async () => {
    const live = createGuardedFetcher({
      mode: 'live',
      politeness: false,
      lookup: async () => [{ address: '10.0.0.7', family: 4 }],
    });
    cleanups.push(live.close);
    const api = await testApi({ webhooks: { fetcherFor: () => live } });
    const { key } = await api.engine.keys.create('acme-live', true);
    const created = await api.call('POST', '/v1/webhook_endpoints', {
      key,
      body: { url: 'https://hooks.example.com/in', enabled_events: ['webhook.test'] },
    });
    expect(created.status).toBe(400); // webhook.test is sent by POST …/test, never subscribed to
    const endpoint = await api.call('POST', '/v1/webhook_endpoints', {
      key,
      body: { url: 'https://hooks.example.com/in' },
    });
    await api.call('POST', `/v1/webhook_endpoints/${endpoint.body.id}/test`, { key });
    await api.engine.webhooks!.drain();
    const deliveries = await api.call(
      'GET',
      `/v1/webhook_endpoints/${endpoint.body.id}/deliveries`,
      { key },
    );
    expect(deliveries.body.data[0]).toMatchObject({ status: 'failed', http_status: null });
    expect(deliveries.body.data[0].error).toContain('not a public address');
  });
});
