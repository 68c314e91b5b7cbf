import { describe, expect, it, vi } from 'vitest';
import { ENDPOINTS } from '../../engine/api/routes';
import { createIntent } from '../../engine/api/routes/intents';
import { intentBody, testApi, type CallOptions, type CallResult } from '../support/api';

type Call = (method: string, path: string, options?: CallOptions) => Promise<CallResult>;

/** What two answers to one request share: all but the ids and times made for each. */
const comparable = (res: CallResult) => ({
  status: res.status,
  body: res.body && {
    ...res.body,
    ...(res.body.intent_id ? { intent_id: 'int', created_at: 'at', updated_at: 'at' } : {}),
    request_id: typeof res.body.request_id,
  },
  type: res.headers.get('content-type'),
  auth: res.headers.get('www-authenticate'),
  retry: res.headers.get('retry-after'),
  replayed: res.headers.get('idempotent-replayed'),
});

/**
 * POST /v1/intents is answered without the router (engine/api/intent-create.ts). A bare `?`
 * sends the very same request through the router (no query parameters), so each case below is
 * made both ways and must answer alike: status, body (but for what is made anew), headers.
 */
async function bothWays(call: Call, options?: CallOptions) {
  const direct = await call('POST', '/v1/intents', options);
  const routed = await call('POST', '/v1/intents?', options);
  expect(comparable(direct)).toEqual(comparable(routed));
  for (const res of [direct, routed]) {
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    if (res.body?.request_id) expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
  }
  return direct;
}

const withKey = (key: string) => ({ 'Idempotency-Key': key });

/** Makes the store's transactions wait until `release` (the create's commit held in flight). */
function holdTransactions(store: { transact: <T>(work: never) => Promise<T> }) {
  const transact = store.transact.bind(store);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  store.transact = (work: never) => {
    held++;
    return released.then(() => transact(work));
  };
  return { release, held: () => held };
}

describe('POST /v1/intents answered without the router', () => {
  it('creates the intent as the routed create does', async () => {
    const { call } = await testApi();
    // The router's handler is not what answers the direct create; it answers the other one.
    const routedHandler = vi.spyOn(createIntent, 'handle');
    const res = await bothWays(call, { body: intentBody() });
    expect(routedHandler).toHaveBeenCalledTimes(1);
    routedHandler.mockRestore();
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ object: 'intent', status: 'active' });
    const list = await call('GET', '/v1/intents');
    expect(list.body.data).toHaveLength(2);
  });

  it('answers every refusal of the key as the routed create does', async () => {
    const { engine, clock, call } = await testApi({
      api: { rateLimit: { perSecond: 1, burst: 2 } },
    });
    const body = intentBody();
    expect((await bothWays(call, { body, key: null })).body.error.code).toBe(
      'authentication_required',
    );
    const basic = { body, key: null, headers: { Authorization: 'Basic Zm9vOmJhcg==' } };
    expect((await bothWays(call, basic)).status).toBe(401);
    const unknown = { body, key: 'sk_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' };
    expect((await bothWays(call, unknown)).body.error.code).toBe('invalid_api_key');
    const readOnly = (await engine.keys.create('acme', false, { readOnly: true })).key;
    const refused = await bothWays(call, { body, key: readOnly });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('permission_denied');
    // The test key's burst of two: a create each way, then both ways are limited.
    expect((await bothWays(call, { body })).status).toBe(201);
    const limited = await bothWays(call, { body });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    clock.advance(5_000);
    // The two creates of the test key, nothing of the read-only one's.
    expect((await call('GET', '/v1/intents')).body.data).toHaveLength(2);
  });

  it('answers every refusal of the body as the routed create does', async () => {
    const { call } = await testApi();
    const json = { 'Content-Type': 'application/json' };
    const cases: [CallOptions, string][] = [
      [
        { raw: 'type=purchase', headers: { 'Content-Type': 'text/plain' } },
        'unsupported_media_type',
      ],
      [{ raw: '{"type": "purchase",', headers: json }, 'invalid_json'],
      [{ raw: '[1, 2]', headers: json }, 'invalid_json'],
      // "caf\xE9": Latin-1, not UTF-8.
      [
        { raw: new Uint8Array([123, 34, 120, 34, 58, 34, 0xe9, 34, 125]), headers: json },
        'invalid_json',
      ],
      [
        { raw: JSON.stringify(intentBody()), headers: { ...json, 'Content-Encoding': 'gzip' } },
        'unsupported_media_type',
      ],
      [{ raw: JSON.stringify({ pad: 'x'.repeat(70_000) }), headers: json }, 'body_too_large'],
      [{}, 'parameter_missing'],
      [{ body: intentBody({ external_user_id: 42 }) }, 'parameter_invalid'],
      [{ body: intentBody({ colour: 'red' }) }, 'parameter_unknown'],
      // The type is checked before any field.
      [{ body: { type: 'reservation', objective: 7 } }, 'unsupported_intent_type'],
      [
        { body: intentBody({ objective: { product: { product_id: 'prod_missing' } } }) },
        'resource_missing',
      ],
    ];
    for (const [options, code] of cases) {
      const res = await bothWays(call, options);
      expect(res.body.error.code, code).toBe(code);
    }
    const invalid = await bothWays(call, { body: intentBody({ external_user_id: 42 }) });
    expect(invalid.body.error.param).toBe('external_user_id');
    expect((await call('GET', '/v1/intents')).body.data).toHaveLength(0);
  });

  it('replays, and refuses a changed body, under one Idempotency-Key whichever way it came', async () => {
    const { call } = await testApi();
    const first = await call('POST', '/v1/intents', {
      body: intentBody(),
      headers: withKey('k-1'),
    });
    expect(first.status).toBe(201);
    for (const path of ['/v1/intents', '/v1/intents?']) {
      const again = await call('POST', path, { body: intentBody(), headers: withKey('k-1') });
      expect(again.text).toBe(first.text);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.headers.get('x-request-id')).toBe(first.headers.get('x-request-id'));
    }
    const changed = { body: intentBody({ external_user_id: 'other' }), headers: withKey('k-1') };
    expect((await bothWays(call, changed)).body.error.code).toBe('idempotency_conflict');
    const badKey = { body: intentBody(), headers: withKey('k\u00e9') };
    expect((await bothWays(call, badKey)).body.error.code).toBe('idempotency_key_invalid');
    expect((await call('GET', '/v1/intents')).body.data).toHaveLength(1);
  });

  it('refuses a twin in flight that came the other way (one guard for both)', async () => {
    for (const [firstPath, twinPath, key] of [
      ['/v1/intents', '/v1/intents?', 'k-twin-1'],
      ['/v1/intents?', '/v1/intents', 'k-twin-2'],
    ]) {
      const { engine, call } = await testApi();
      const held = holdTransactions(engine.ctx.store as never);
      const options = { body: intentBody(), headers: withKey(key!) };
      const first = call('POST', firstPath!, options);
      await expect.poll(held.held).toBe(1);
      const twin = await call('POST', twinPath!, options);
      expect(twin.status).toBe(409);
      expect(twin.body.error.code).toBe('idempotency_in_flight');
      held.release();
      expect((await first).status).toBe(201);
      const again = await call('POST', twinPath!, options);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    }
  });

  it('answers an unexpected failure as internal_error, reported, its details kept', async () => {
    const reported: string[] = [];
    const { engine, call } = await testApi({
      api: { rateLimit: false, onUnexpectedError: (_e, requestId) => reported.push(requestId) },
    });
    engine.ctx.store.transact = () => Promise.reject(new Error('disk on fire'));
    const res = await bothWays(call, { body: intentBody() });
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('internal_error');
    expect(res.text).not.toContain('disk on fire');
    expect(reported).toContain(res.headers.get('x-request-id'));
  });

  it('is the only POST at /v1/intents (it would hide another)', () => {
    const creates = ENDPOINTS.filter((e) => e.method === 'post' && e.path === '/intents');
    expect(creates).toHaveLength(1);
  });
});
