import { describe, expect, it } from 'vitest';
import type { Doc } from '../../engine/index';
import { apiStore, intentBody, testApi } from '../support/api';

/** What each store adapter's transactions must give the API (SQLite: group commit; PostgreSQL: SERIALIZABLE). */
describe('the API under concurrent requests', () => {
  it('creates exactly one intent for 20 concurrent identical idempotent requests', async () => {
    const { call, engine } = await testApi();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', '/v1/intents', { body: intentBody(), headers: { 'Idempotency-Key': 'same' } }),
      ),
    );
    expect(
      results.every((r) => r.status === 201 || r.body.error?.code === 'idempotency_in_flight'),
    ).toBe(true);
    expect(new Set(results.filter((r) => r.status === 201).map((r) => r.body.intent_id)).size).toBe(
      1,
    );
    expect((await call('GET', '/v1/intents')).body.data).toHaveLength(1);
    await engine.close();
  });

  it('creates 50 concurrent distinct intents, each with its event', async () => {
    const { call, engine } = await testApi();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call('POST', '/v1/intents', { body: intentBody({ external_user_id: `u${i}` }) }),
      ),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    const list = await call('GET', '/v1/intents?limit=100');
    expect(list.body.data).toHaveLength(50);
    for (const r of results.slice(0, 5)) {
      const events = await call('GET', `/v1/intents/${r.body.intent_id}/events`);
      expect(events.body.events.map((e: { type: string }) => e.type)).toEqual(['intent.created']);
    }
    await engine.close();
  });

  it('creates one intent when instances on one database get the same idempotent request at once', async () => {
    const store = await apiStore();
    const instances = [await testApi({ store }), await testApi({ store })];
    const key = (await instances[0]!.engine.keys.create('globex')).key;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        instances[i % 2]!.call('POST', '/v1/intents', {
          key,
          body: intentBody(),
          headers: { 'Idempotency-Key': 'across-instances' },
        }),
      ),
    );
    for (const r of results) {
      if (r.status !== 201) expect(r.body.error.code).toBe('idempotency_in_flight');
    }
    const created = new Set(results.filter((r) => r.status === 201).map((r) => r.body.intent_id));
    expect(created.size).toBe(1);
    const listed = await instances[1]!.call('GET', '/v1/intents', { key });
    expect(listed.body.data.map((i: Doc) => i.intent_id)).toEqual([...created]);
    const events = await instances[0]!.call('GET', `/v1/intents/${[...created][0]}/events`, {
      key,
    });
    expect(events.body.events).toHaveLength(1);
  });

  it('isolates a failing request from the requests committed with it', async () => {
    const { call, engine } = await testApi();
    const results = await Promise.all([
      call('POST', '/v1/intents', { body: intentBody() }),
      call('POST', '/v1/intents/int_missing/cancel'),
      call('POST', '/v1/intents', { body: intentBody() }),
    ]);
    expect(results.map((r) => r.status)).toEqual([201, 404, 201]);
    expect((await call('GET', '/v1/intents')).body.data).toHaveLength(2);
    await engine.close();
  });

  it('answers GET with the intent as it is now, also when the same document is read again', async () => {
    const { call, engine, clock } = await testApi();
    const created = (await call('POST', '/v1/intents', { body: intentBody() })).body;
    const path = `/v1/intents/${created.intent_id}`;
    const first = await call('GET', path);
    const again = await call('GET', path);
    expect(again.body.request_id).not.toBe(first.body.request_id);
    expect(again.headers.get('X-Request-Id')).toBe(again.body.request_id);
    expect(again.headers.get('Content-Type')).toBe('application/json');
    expect({ ...again.body, request_id: null }).toEqual({ ...first.body, request_id: null });

    // The monitor updates the shared watch: the next GET shows that observation.
    const intent = (await engine.ctx.store.get<Doc>('intents', created.intent_id))!;
    const observation = {
      observed_at: new Date(clock.now() + 1000).toISOString(),
      price_cents: 9900,
      currency: 'USD',
      availability: 'in_stock',
    };
    await engine.ctx.store.transact(async (tx) => {
      const watch = (await tx.get<Doc>('watches', intent.watch_id as string))!;
      await tx.put('watches', { ...watch, last_observation: observation });
    });
    expect((await call('GET', path)).body.last_observation).toMatchObject({ price_cents: 9900 });

    await call('POST', `${path}/cancel`);
    const after = await call('GET', path);
    expect(after.body.status).toBe('canceled');
    await engine.close();
  });
});
