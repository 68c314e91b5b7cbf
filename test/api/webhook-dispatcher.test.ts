import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Doc, type Query, type Store, type StoreTx } from '../../engine/index';
import { createGuardedFetcher } from '../../server/net/guarded-fetcher';
import { apiStore, intentBody, testApi } from '../support/api';
import { webhookReceiver, type Answer } from '../support/webhook-receiver';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((close) => close()));
});

/** The suite's store, counting what the dispatcher and the outbox cost it. */
function counting(store: Store) {
  const counts = { dueRowsRead: 0, transactions: 0, endpointQueries: 0 };
  const countedTx = (tx: StoreTx): StoreTx => ({
    get: (table, key) => tx.get(table, key),
    put: (table, doc) => tx.put(table, doc),
    delete: (table, key) => tx.delete(table, key),
    query: (table: string, query: Query) => {
      if (table === 'webhook_endpoints') counts.endpointQueries++;
      return tx.query(table, query);
    },
  });
  const wrapped: Store = {
    get: (table, key) => store.get(table, key),
    query: async <T extends Doc>(table: string, query: Query) => {
      const rows = await store.query<T>(table, query);
      if (table === 'webhook_outbox' && query.index === 'by_due') counts.dueRowsRead += rows.length;
      return rows;
    },
    transact: (work) => {
      counts.transactions++;
      return store.transact((tx) => work(countedTx(tx)));
    },
    close: () => store.close(),
  };
  return { store: wrapped, counts };
}

/** An engine posting through the guarded fetcher (test mode) to a real receiver. */
async function setup(
  options: { answer?: (r: { path: string }) => Answer | Promise<Answer>; store?: Store } & Record<
    string,
    unknown
  > = {},
) {
  const { answer, store, ...webhooks } = options;
  const receiver = await webhookReceiver(answer);
  const fetcher = createGuardedFetcher({ mode: 'test', politeness: false });
  cleanups.push(receiver.close, fetcher.close);
  const api = await testApi({
    ...(store ? { store } : {}),
    webhooks: { fetcherFor: () => fetcher, random: () => 0.5, ...webhooks },
  });
  api.clock.set(Date.now());
  const endpoint = await api.call('POST', '/v1/webhook_endpoints', {
    body: { url: `${receiver.url}/hooks` },
  });
  expect(endpoint.status).toBe(201);
  const createIntents = async (n: number) => {
    for (let i = 0; i < n; i++) await api.call('POST', '/v1/intents', { body: intentBody() });
  };
  return { ...api, receiver, fetcher, createIntents, dispatcher: api.engine.webhooks! };
}

/** An answer held until released, for deliveries that must stay in flight. */
function holdAnswers() {
  const held: (() => void)[] = [];
  return {
    answer: () => new Promise<Answer>((resolve) => held.push(() => resolve({ status: 200 }))),
    count: () => held.length,
    releaseAll: () => held.splice(0).forEach((release) => release()),
  };
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(condition()).toBe(true);
};

const ids = (received: { headers: Record<string, string> }[]) =>
  received.map((r) => r.headers['webhook-id']);

describe('webhook dispatcher', () => {
  it('reads due rows once per burst, and records attempts and claims in one transaction per step', async () => {
    const { store, counts } = counting(await apiStore());
    const { createIntents, dispatcher, receiver } = await setup({ store });
    await createIntents(120);
    const before = { ...counts };
    await dispatcher.drain();
    expect(new Set(ids(receiver.received)).size).toBe(120);
    // Each due row is read about once (not once per step while it waits for its turn).
    expect(counts.dueRowsRead - before.dueRowsRead).toBeLessThanOrEqual(2 * 120);
    // One transaction per step (records and claims together), several deliveries each.
    expect(counts.transactions - before.transactions).toBeLessThan(120 / 2);
  });

  it('does not send a claimed row once its claim would run out during the delivery; it goes when due again', async () => {
    const hold = holdAnswers();
    const { createIntents, dispatcher, receiver, clock } = await setup({
      answer: hold.answer,
      perEndpoint: 1,
      claimLeaseMs: 20_000,
      timeoutMs: 15_000,
    });
    await createIntents(3);
    await dispatcher.tick(); // claims all three until now + 20 s, sends the first
    await until(() => hold.count() === 1);
    clock.advance(6_000); // the other two claims end in 14 s: less than a delivery may take
    receiver.answerWith(() => ({ status: 200 }));
    hold.releaseAll();
    await dispatcher.drain();
    expect(receiver.received).toHaveLength(1);

    clock.advance(15_000); // their claims ran out: due again
    await dispatcher.drain();
    expect(ids(receiver.received)).toHaveLength(3);
    expect(new Set(ids(receiver.received)).size).toBe(3);
  });

  it('on stop gives back the rows it claimed and did not send: another instance sends them at once', async () => {
    const hold = holdAnswers();
    const { createIntents, dispatcher, receiver, engine, clock, fetcher } = await setup({
      answer: hold.answer,
      perEndpoint: 1,
    });
    await createIntents(3);
    const stop = dispatcher.start({ every: () => () => {} }, 60_000);
    await dispatcher.tick();
    await until(() => hold.count() === 1);
    const stopped = stop(); // waits for the delivery in flight
    hold.releaseAll();
    await stopped;
    expect(receiver.received).toHaveLength(1);

    receiver.answerWith(() => ({ status: 200 }));
    const other = createEngine({
      store: engine.ctx.store,
      clock,
      instanceId: 'b',
      webhooks: { fetcherFor: () => fetcher, random: () => 0.5 },
    });
    await other.webhooks!.drain();
    expect(new Set(ids(receiver.received)).size).toBe(3);
  });

  it('records a success at an endpoint marked failing while it was in flight, and clears the mark', async () => {
    const hold = holdAnswers();
    const { createIntents, dispatcher, receiver, engine, call } = await setup({
      answer: hold.answer,
      perEndpoint: 1,
    });
    await createIntents(1);
    await dispatcher.tick();
    await until(() => hold.count() === 1);
    // Meanwhile another instance's failed delivery marked the endpoint: the batch, guarded by its
    // writes as one of successes at a healthy endpoint, must be recorded with its reads guarded.
    const listed = await call('GET', '/v1/webhook_endpoints');
    const id = (listed.body as { data: { id: string }[] }).data[0]!.id;
    const store = engine.ctx.store;
    const marked = { ...(await store.get<Doc>('webhook_endpoints', id))!, failing_since: 1 };
    await store.transact((tx) => tx.put('webhook_endpoints', marked));
    receiver.answerWith(() => ({ status: 200 }));
    hold.releaseAll();
    await dispatcher.drain();
    expect(await store.get('webhook_endpoints', id)).toMatchObject({
      failing_since: null,
      status: 'enabled',
    });
    expect(await store.query('webhook_outbox', { index: 'by_due', prefix: [] })).toEqual([]);
    const attempts = await store.query<Doc>('webhook_attempts', {
      index: 'by_created',
      prefix: [],
    });
    expect(attempts.map((attempt) => attempt.status)).toEqual(['succeeded']);
  });

  it("reads a scope's endpoints once per change, and sees a change made by another instance at once", async () => {
    const { store, counts } = counting(await apiStore());
    const { key, call, createIntents, dispatcher, receiver, engine, clock } = await setup({
      store,
    });
    const before = counts.endpointQueries;
    await createIntents(5);
    expect(counts.endpointQueries - before).toBe(1); // the first event; the others reuse it
    await dispatcher.drain();
    expect(receiver.received).toHaveLength(5);

    // Instance b on the same store, the same partner: disables the first endpoint, adds a second,
    // then enables the first again; instance a creates an intent after each change.
    const b = createEngine({ store: engine.ctx.store, clock, instanceId: 'b' });
    const callB = async (method: string, path: string, body: unknown) =>
      (
        await b.fetch(
          new Request(`http://api.test${path}`, {
            method,
            headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          }),
        )
      ).status;
    const second = await webhookReceiver();
    cleanups.push(second.close);
    const first = (await call('GET', '/v1/webhook_endpoints')).body.data[0].id as string;
    const afterChange = async (change: () => Promise<number>, status: number) => {
      expect(await change()).toBe(status);
      await createIntents(1);
      await dispatcher.drain();
      return [receiver.received.length, second.received.length];
    };
    const patchFirst = (to: string) => () =>
      callB('PATCH', `/v1/webhook_endpoints/${first}`, { status: to });
    expect(await afterChange(patchFirst('disabled'), 200)).toEqual([5, 0]);
    const addSecond = () => callB('POST', '/v1/webhook_endpoints', { url: `${second.url}/in` });
    expect(await afterChange(addSecond, 201)).toEqual([5, 1]);
    expect(await afterChange(patchFirst('enabled'), 200)).toEqual([6, 2]);
  });

  it('keeps delivery attempts for 30 days: maintenance purges older ones', async () => {
    const { call, createIntents, dispatcher, clock, engine } = await setup();
    const endpoint = (await call('GET', '/v1/webhook_endpoints')).body.data[0].id as string;
    await createIntents(2);
    await dispatcher.drain();
    clock.advance(29 * 24 * 3600_000);
    await createIntents(1);
    await dispatcher.drain();
    const listed = async () =>
      (await call('GET', `/v1/webhook_endpoints/${endpoint}/deliveries`)).body.data.length;
    expect(await listed()).toBe(3);
    clock.advance(2 * 24 * 3600_000); // the first two are 31 days old, the last one 2 days
    expect(await engine.maintain()).toBe(2);
    expect(await listed()).toBe(1);
  });
});
