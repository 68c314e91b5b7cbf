import { describe, expect, it } from 'vitest';
import type { IdempotencyDoc } from '../../engine/idempotency/records';
import { intentBody, testApi } from '../support/api';

const withKey = (key: string) => ({ 'Idempotency-Key': key });

describe('Idempotency-Key', () => {
  it('replays the first 2xx response with Idempotent-Replayed', async () => {
    const { call } = await testApi();
    const first = await call('POST', '/v1/intents', {
      body: intentBody(),
      headers: withKey('k-1'),
    });
    const second = await call('POST', '/v1/intents', {
      body: intentBody(),
      headers: withKey('k-1'),
    });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect((await call('GET', '/v1/intents')).body.data).toHaveLength(1);
  });

  it('replays the first response byte for byte, with its request id, on every store', async () => {
    const { call } = await testApi();
    const post = () => call('POST', '/v1/intents', { body: intentBody(), headers: withKey('k-b') });
    const first = await post();
    const replayed = await post();
    expect(replayed.text).toBe(first.text);
    expect(replayed.headers.get('x-request-id')).toBe(first.body.request_id);
    expect(first.headers.get('x-request-id')).toBe(first.body.request_id);
  });

  it('replays a record kept before responses were stored as text', async () => {
    const { call, engine } = await testApi();
    const body = intentBody();
    const first = await call('POST', '/v1/intents', { body, headers: withKey('k-old') });
    const { store } = engine.ctx;
    const [record] = await store.query<IdempotencyDoc>('idempotency', {
      index: 'by_expiry',
      prefix: [],
    });
    // The record as an older release wrote it: the response as an object, no text.
    const { response: _text, request_id: _id, ...older } = record!;
    await store.transact((tx) => tx.put('idempotency', { ...older, body: first.body }));
    const replayed = await call('POST', '/v1/intents', { body, headers: withKey('k-old') });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(first.body);
    expect(replayed.headers.get('x-request-id')).toBe(first.body.request_id);
  });

  it('treats key order in the body as the same request', async () => {
    const { call } = await testApi();
    const body = intentBody();
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    await call('POST', '/v1/intents', { body, headers: withKey('k-2') });
    const second = await call('POST', '/v1/intents', { body: reordered, headers: withKey('k-2') });
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
  });

  it('answers 422 idempotency_conflict for the same key with a different body', async () => {
    const { call } = await testApi();
    await call('POST', '/v1/intents', { body: intentBody(), headers: withKey('k-3') });
    const res = await call('POST', '/v1/intents', {
      body: intentBody({ external_user_id: 'other' }),
      headers: withKey('k-3'),
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      type: 'idempotency_error',
      code: 'idempotency_conflict',
    });
    expect((await call('GET', '/v1/intents')).body.data).toHaveLength(1);
  });

  it('creates exactly one object for 20 concurrent identical requests', async () => {
    const { call } = await testApi();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', '/v1/intents', { body: intentBody(), headers: withKey('k-burst') }),
      ),
    );
    const created = results.filter((r) => r.status === 201);
    const inFlight = results.filter((r) => r.status === 409);
    expect(created.length + inFlight.length).toBe(20);
    expect(new Set(created.map((r) => r.body.intent_id)).size).toBe(1);
    for (const r of inFlight) {
      expect(r.body.error.code).toBe('idempotency_in_flight');
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect((await call('GET', '/v1/intents')).body.data).toHaveLength(1);
  });

  it('does not store 4xx answers: the same key may be retried with a fixed body', async () => {
    const { call } = await testApi();
    const bad = await call('POST', '/v1/intents', {
      body: intentBody({ type: 'nope' }),
      headers: withKey('k-4'),
    });
    expect(bad.status).toBe(400);
    const good = await call('POST', '/v1/intents', { body: intentBody(), headers: withKey('k-4') });
    expect(good.status).toBe(201);
    expect(good.headers.get('idempotent-replayed')).toBeNull();
  });

  it('scopes keys per partner: the same key from two partners makes two intents', async () => {
    const { call, engine } = await testApi();
    const other = (await engine.keys.create('globex')).key;
    const a = await call('POST', '/v1/intents', { body: intentBody(), headers: withKey('shared') });
    const b = await call('POST', '/v1/intents', {
      body: intentBody(),
      headers: withKey('shared'),
      key: other,
    });
    expect(b.status).toBe(201);
    expect(b.body.intent_id).not.toBe(a.body.intent_id);
  });

  it('scopes keys per path: the same key on cancel does not replay the create', async () => {
    const { call } = await testApi();
    const created = await call('POST', '/v1/intents', {
      body: intentBody(),
      headers: withKey('k-5'),
    });
    const canceled = await call('POST', `/v1/intents/${created.body.intent_id}/cancel`, {
      headers: withKey('k-5'),
    });
    expect(canceled.status).toBe(200);
    expect(canceled.body.status).toBe('canceled');
  });

  it('replays a cancel instead of answering 409 the second time', async () => {
    const { call } = await testApi();
    const created = await call('POST', '/v1/intents', { body: intentBody() });
    const path = `/v1/intents/${created.body.intent_id}/cancel`;
    const first = await call('POST', path, { headers: withKey('c-1') });
    const again = await call('POST', path, { headers: withKey('c-1') });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const events = await call('GET', `/v1/intents/${created.body.intent_id}/events`);
    expect(
      events.body.events.filter((e: { type: string }) => e.type === 'intent.canceled'),
    ).toHaveLength(1);
  });

  it('forgets a key after 24 hours', async () => {
    const { call, clock } = await testApi();
    const first = await call('POST', '/v1/intents', {
      body: intentBody(),
      headers: withKey('k-6'),
    });
    clock.advance(24 * 60 * 60 * 1000 + 1);
    const later = await call('POST', '/v1/intents', {
      body: intentBody(),
      headers: withKey('k-6'),
    });
    expect(later.status).toBe(201);
    expect(later.body.intent_id).not.toBe(first.body.intent_id);
  });

  it('still replays just inside the 24 hour window', async () => {
    const { call, clock } = await testApi();
    const first = await call('POST', '/v1/intents', {
      body: intentBody(),
      headers: withKey('k-7'),
    });
    clock.advance(24 * 60 * 60 * 1000 - 1000);
    const later = await call('POST', '/v1/intents', {
      body: intentBody(),
      headers: withKey('k-7'),
    });
    expect(later.body.intent_id).toBe(first.body.intent_id);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['non-ASCII', 'clé'],
    ['control characters', 'a\tb'],
  ])('answers 400 idempotency_key_invalid for a key that is %s', async (_name, key) => {
    const { call } = await testApi();
    const res = await call('POST', '/v1/intents', { body: intentBody(), headers: withKey(key) });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('idempotency_key_invalid');
  });

  it('purges expired records in maintenance', async () => {
    const { call, clock, engine } = await testApi();
    await call('POST', '/v1/intents', { body: intentBody(), headers: withKey('k-8') });
    expect(await engine.maintain()).toBe(0);
    clock.advance(25 * 60 * 60 * 1000);
    expect(await engine.maintain()).toBe(1);
  });
});
