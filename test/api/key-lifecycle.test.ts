import { describe, expect, it, vi } from 'vitest';
import { createMemoryStore, TABLES, type Store } from '../../engine/index';
import { intentBody, testApi } from '../support/api';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

const listIntents = (call: Awaited<ReturnType<typeof testApi>>['call'], key: string) =>
  call('GET', '/v1/intents', { key });

describe('an expiring key', () => {
  it('works until the moment it expires, then answers 401 saying it expired', async () => {
    const { call, engine, clock } = await testApi();
    const { key, record } = await engine.keys.create('acme', false, { expiresInMs: 90 * DAY });
    expect(record.expires_at).toBe('2027-02-20T10:00:00.000Z');
    clock.advance(90 * DAY - 1);
    expect((await listIntents(call, key)).status).toBe(200);
    clock.advance(1);
    const res = await listIntents(call, key);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(res.body.error).toMatchObject({ type: 'authentication_error', code: 'invalid_api_key' });
    expect(res.body.error.message).toBe(
      'This API key expired at 2027-02-20T10:00:00.000Z. Create a new one with `intent-server keys create`.',
    );
  });
});

describe('a rolled key', () => {
  it('keeps working for the overlap, then answers 401 naming the key that replaced it', async () => {
    const { call, engine, clock, key: old } = await testApi();
    const created = await call('POST', '/v1/intents', { body: intentBody(), key: old });
    const rolled = await engine.keys.roll(old.slice(0, 16), 24 * HOUR);
    expect(rolled.key).not.toBe(old);
    expect(rolled.old.expires_at).toBe('2026-11-23T10:00:00.000Z');

    clock.advance(24 * HOUR - 1);
    expect((await listIntents(call, old)).status).toBe(200);
    // The new key is the same partner in the same mode: it sees the same intents.
    const seen = await listIntents(call, rolled.key);
    expect(seen.body.data.map((i: { intent_id: string }) => i.intent_id)).toEqual([
      created.body.intent_id,
    ]);

    clock.advance(1);
    const res = await listIntents(call, old);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('invalid_api_key');
    expect(res.body.error.message).toBe(
      `This API key was rolled at 2026-11-22T10:00:00.000Z and stopped working at 2026-11-23T10:00:00.000Z. Use the key that replaced it (${rolled.key.slice(0, 16)}…).`,
    );
    expect((await listIntents(call, rolled.key)).status).toBe(200);
  });

  it('stops at once without an overlap', async () => {
    const { call, engine, key } = await testApi();
    const rolled = await engine.keys.roll(key.slice(0, 16), 0);
    expect((await listIntents(call, key)).body.error.message).toMatch(/was rolled/);
    expect((await listIntents(call, rolled.key)).status).toBe(200);
  });

  it('keeps its mode and read-only access; an earlier expiry is not extended by the overlap', async () => {
    const { engine } = await testApi();
    const live = await engine.keys.create('acme', true, { readOnly: true, expiresInMs: HOUR });
    const rolled = await engine.keys.roll(live.record.prefix, DAY, { expiresInMs: 30 * DAY });
    expect(rolled.record).toMatchObject({
      livemode: true,
      read_only: true,
      partner_id: live.record.partner_id,
      expires_at: '2026-12-22T10:00:00.000Z',
    });
    expect(rolled.old.expires_at).toBe('2026-11-22T11:00:00.000Z');
  });

  it.each([
    ['revoked', async (e: Engine, prefix: string) => void (await e.keys.revoke(prefix)), /revoked/],
    [
      'rolled',
      async (e: Engine, prefix: string) => void (await e.keys.roll(prefix, HOUR)),
      /already rolled/,
    ],
  ])('cannot be rolled once %s, and nothing is written', async (_state, before, message) => {
    const { engine, key } = await testApi();
    await before(engine, key.slice(0, 16));
    const keys = await engine.keys.list();
    await expect(engine.keys.roll(key.slice(0, 16), 0)).rejects.toThrow(message);
    expect(await engine.keys.list()).toEqual(keys);
  });
});

type Engine = Awaited<ReturnType<typeof testApi>>['engine'];

describe('a read-only key', () => {
  async function withReadOnly() {
    const api = await testApi();
    const created = await api.call('POST', '/v1/intents', { body: intentBody() });
    const readOnly = (await api.engine.keys.create('acme', false, { readOnly: true })).key;
    return { ...api, readOnly, id: created.body.intent_id as string };
  }

  it('reads intents, events, receipts and the rest of its partner', async () => {
    const { call, readOnly, id } = await withReadOnly();
    for (const path of [
      '/v1/intents',
      `/v1/intents/${id}`,
      `/v1/intents/${id}/events`,
      `/v1/intents/${id}/price_history`,
      '/v1/payment_methods',
    ]) {
      expect([path, (await call('GET', path, { key: readOnly })).status]).toEqual([path, 200]);
    }
    // No receipt yet: the answer a read-write key gets, not a permission error.
    const receipt = await call('GET', `/v1/intents/${id}/receipt`, { key: readOnly });
    expect(receipt.body.error.code).toBe('receipt_not_available');
  });

  it('gets 403 permission_denied on every write the OpenAPI document lists, and nothing changes', async () => {
    const { call, readOnly, id, engine } = await withReadOnly();
    const doc = (await call('GET', '/v1/openapi.json', { key: null })).body;
    // Every POST but Resolve's searches, which read (test/api/resolve-products.test.ts).
    const writes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) =>
        Object.keys(methods)
          .filter((method) => method !== 'get' && !path.startsWith('/v1/resolve/'))
          .map((method) => [method.toUpperCase(), path.replace('{intent_id}', id)] as const),
    );
    expect(writes.length).toBeGreaterThanOrEqual(3);
    const before = await call('GET', `/v1/intents/${id}/events`);
    for (const [method, path] of writes) {
      const res = await call(method, path, {
        key: readOnly,
        body: { user_action: { type: 'otp', completed: true, code: '000000' } },
        headers: { 'Idempotency-Key': `ro-${path}` },
      });
      expect([method, path, res.status, res.body.error]).toEqual([
        method,
        path,
        403,
        expect.objectContaining({ type: 'invalid_request_error', code: 'permission_denied' }),
      ]);
      expect(res.body.error.message).toMatch(/read-only/);
    }
    expect((await call('GET', '/v1/intents')).body.data).toHaveLength(1);
    expect((await call('GET', `/v1/intents/${id}`)).body.status).toBe('active');
    expect((await call('GET', `/v1/intents/${id}/events`)).body.events).toEqual(before.body.events);
    expect(await engine.ctx.store.query('idempotency', { index: 'by_expiry', prefix: [] })).toEqual(
      [],
    );
  });

  it('is refused before its body is read', async () => {
    const { call, readOnly } = await withReadOnly();
    const res = await call('POST', '/v1/intents', {
      key: readOnly,
      raw: '{not json',
      headers: { 'Content-Type': 'application/json' },
    });
    expect([res.status, res.body.error.code]).toEqual([403, 'permission_denied']);
  });

  it('is documented: every write operation lists 403 permission_denied', async () => {
    const { call } = await testApi();
    const doc = (await call('GET', '/v1/openapi.json', { key: null })).body;
    for (const [path, methods] of Object.entries(
      doc.paths as Record<
        string,
        Record<string, { responses: Record<string, { description: string }> }>
      >,
    )) {
      for (const [method, op] of Object.entries(methods)) {
        if (method === 'get' || path.startsWith('/v1/resolve/'))
          expect(op.responses['403'], path).toBeUndefined();
        else
          expect(op.responses['403']?.description, `${method} ${path}`).toContain(
            'permission_denied',
          );
      }
    }
  });
});

/** A memory store that shows every document written to `onPut` first (which may throw). */
function watchedStore(onPut: (table: string, doc: Record<string, unknown>) => void): Store {
  const store = createMemoryStore(TABLES);
  return {
    ...store,
    transact: (work) =>
      store.transact((tx) =>
        work({
          ...tx,
          put: (table, doc) => {
            onPut(table, doc);
            return tx.put(table, doc);
          },
        }),
      ),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('when a key was last used', () => {
  it('is recorded to the minute, with at most one write per key and minute', async () => {
    const counts = new Map<string, number>();
    const writes = (table: string) => counts.get(table) ?? 0;
    const store = watchedStore((table) => counts.set(table, writes(table) + 1));
    const { call, engine, clock, key } = await testApi({ store });
    const base = writes('api_keys');
    for (let i = 0; i < 50; i++) {
      clock.advance(1000);
      expect((await listIntents(call, key)).status).toBe(200);
    }
    await settle();
    expect(writes('api_keys') - base).toBe(1); // 10:00:01 … 10:00:50: one minute
    expect((await engine.keys.list())[0]!.last_used_at).toBe('2026-11-22T10:00:00.000Z');

    clock.advance(10 * MINUTE);
    await Promise.all(Array.from({ length: 20 }, () => listIntents(call, key)));
    await settle();
    expect(writes('api_keys') - base).toBe(2);
    expect((await engine.keys.list())[0]!.last_used_at).toBe('2026-11-22T10:10:00.000Z');
  });

  it('never fails a request: a failed write is reported and tried again by a later request', async () => {
    let failing = true;
    const store = watchedStore((table, doc) => {
      if (failing && table === 'api_keys' && doc.last_used_at) throw new Error('disk full');
    });
    const onUnexpectedError = vi.fn();
    const { call, engine, key } = await testApi({
      store,
      api: { rateLimit: false, onUnexpectedError },
    });
    expect((await listIntents(call, key)).status).toBe(200);
    await settle();
    expect(onUnexpectedError).toHaveBeenCalledWith(expect.any(Error), 'api_keys.last_used_at');
    expect((await engine.keys.list())[0]!.last_used_at).toBeNull();
    failing = false;
    expect((await listIntents(call, key)).status).toBe(200);
    await settle();
    expect((await engine.keys.list())[0]!.last_used_at).toBe('2026-11-22T10:00:00.000Z');
  });
});
