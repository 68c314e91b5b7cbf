import { describe, expect, it, vi } from 'vitest';
import { ENDPOINTS } from '../../engine/api/routes';
import { getIntent } from '../../engine/api/routes/intents';
import { intentBody, testApi, type CallOptions, type CallResult } from '../support/api';

/**
 * GET /v1/intents/{id} is answered without the router (engine/api/intent-read.ts). A bare `?`
 * sends the very same request through the router (no query parameters), so each case below is
 * asked both ways and must answer alike: status, body (but for its own request id), headers.
 */
async function bothWays(
  call: (method: string, path: string, options?: CallOptions) => Promise<CallResult>,
  path: string,
  options?: CallOptions,
) {
  const direct = await call('GET', path, options);
  const routed = await call('GET', `${path}?`, options);
  const withoutId = (res: CallResult) => ({
    status: res.status,
    body: res.body && { ...res.body, request_id: typeof res.body.request_id },
    type: res.headers.get('content-type'),
    auth: res.headers.get('www-authenticate'),
    retry: res.headers.get('retry-after'),
  });
  expect(withoutId(direct)).toEqual(withoutId(routed));
  for (const res of [direct, routed]) {
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    if (res.body?.request_id) expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
  }
  expect(direct.headers.get('x-request-id')).not.toBe(routed.headers.get('x-request-id'));
  return direct;
}

describe('GET /v1/intents/{id} answered without the router', () => {
  it('answers the intent as the routed GET does', async () => {
    const { call } = await testApi();
    const { body } = await call('POST', '/v1/intents', { body: intentBody() });
    // The router's handler is not what answers the direct GET; it answers the other one.
    const routedHandler = vi.spyOn(getIntent, 'handle');
    const res = await bothWays(call, `/v1/intents/${body.intent_id}`);
    expect(routedHandler).toHaveBeenCalledTimes(1);
    routedHandler.mockRestore();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'intent', intent_id: body.intent_id });
  });

  it('answers every refusal as the routed GET does', async () => {
    const { engine, call } = await testApi();
    const { body } = await call('POST', '/v1/intents', { body: intentBody() });
    const path = `/v1/intents/${body.intent_id}`;
    const other = (await engine.keys.create('other')).key;
    expect((await bothWays(call, path, { key: null })).body.error.code).toBe(
      'authentication_required',
    );
    const basic = { key: null, headers: { Authorization: 'Basic Zm9vOmJhcg==' } };
    expect((await bothWays(call, path, basic)).status).toBe(401);
    const unknown = { key: 'sk_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' };
    expect((await bothWays(call, path, unknown)).body.error.code).toBe('invalid_api_key');
    // Another partner's intent answers exactly like a missing one.
    const foreign = await bothWays(call, path, { key: other });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toMatchObject({ code: 'resource_missing', param: 'intent_id' });
    expect((await bothWays(call, '/v1/intents/int_missing')).status).toBe(404);
  });

  it('takes from the same rate limit as every other request of the key', async () => {
    const { call } = await testApi({ api: { rateLimit: { perSecond: 1, burst: 2 } } });
    expect((await call('GET', '/v1/intents')).status).toBe(200);
    expect((await call('GET', '/v1/intents/int_missing')).status).toBe(404);
    const limited = await bothWays(call, '/v1/intents/int_missing');
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(limited.headers.get('retry-after')).toBe('1');
  });

  it('answers an unexpected failure as internal_error, reported, its details kept', async () => {
    const reported: string[] = [];
    const { engine, call } = await testApi({
      api: { rateLimit: false, onUnexpectedError: (_e, requestId) => reported.push(requestId) },
    });
    const { body } = await call('POST', '/v1/intents', { body: intentBody() });
    const get = engine.ctx.store.get.bind(engine.ctx.store);
    engine.ctx.store.get = (table, key) =>
      table === 'intents' ? Promise.reject(new Error('disk on fire')) : get(table, key);
    const res = await bothWays(call, `/v1/intents/${body.intent_id}`);
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('internal_error');
    expect(res.text).not.toContain('disk on fire');
    expect(reported).toContain(res.headers.get('x-request-id'));
  });

  it('answers from memory only what is current: a revoked key, a canceled intent', async () => {
    const { engine, call, key } = await testApi();
    const { body } = await call('POST', '/v1/intents', { body: intentBody() });
    const path = `/v1/intents/${body.intent_id}`;
    // Read twice: a caching store (SQLite) answers the second from memory.
    for (let i = 0; i < 2; i++) expect((await call('GET', path)).body.status).toBe('active');
    expect((await call('POST', `${path}/cancel`)).status).toBe(200);
    expect((await bothWays(call, path)).body.status).toBe('canceled');
    await engine.keys.revoke(key.slice(0, 16));
    const refused = await bothWays(call, path);
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toMatch(/revoked/);
  });

  it('is the only GET of one segment under /v1/intents/ (it would hide another)', () => {
    const oneSegment = ENDPOINTS.filter(
      (e) => e.method === 'get' && /^\/intents\/[^/]+$/.test(e.path),
    ).map((e) => e.path);
    expect(oneSegment).toEqual(['/intents/{intent_id}']);
  });
});
