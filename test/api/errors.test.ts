import { describe, expect, it } from 'vitest';
import { createMemoryStore, ERROR_HTTP, TABLES, type Store } from '../../engine/index';
import { intentBody, testApi } from '../support/api';

describe('error model', () => {
  it('answers 404 resource_missing for an unknown URL', async () => {
    const { call } = await testApi();
    const res = await call('GET', '/v1/widgets');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'resource_missing',
    });
    expect(res.body.error.message).toContain('/v1/widgets');
  });

  it('answers 429 rate_limited with Retry-After past the burst', async () => {
    const { call } = await testApi({ api: { rateLimit: { perSecond: 2, burst: 3 } } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await call('GET', '/v1/intents'));
    expect(statuses.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 200]);
    const limited = statuses[3]!;
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('refills the rate-limit bucket as time passes', async () => {
    const { call, clock } = await testApi({ api: { rateLimit: { perSecond: 1, burst: 1 } } });
    expect((await call('GET', '/v1/intents')).status).toBe(200);
    expect((await call('GET', '/v1/intents')).status).toBe(429);
    clock.advance(1000);
    expect((await call('GET', '/v1/intents')).status).toBe(200);
  });

  it('limits each key separately', async () => {
    const { call, engine } = await testApi({ api: { rateLimit: { perSecond: 1, burst: 1 } } });
    const other = (await engine.keys.create('globex')).key;
    expect((await call('GET', '/v1/intents')).status).toBe(200);
    expect((await call('GET', '/v1/intents', { key: other })).status).toBe(200);
  });

  it('limits two keys of the same partner separately', async () => {
    const { call, engine } = await testApi({ api: { rateLimit: { perSecond: 1, burst: 1 } } });
    const first = (await call('GET', '/v1/intents')).body;
    const second = await engine.keys.create('acme');
    const keys = await engine.keys.list();
    expect(new Set(keys.map((k) => k.partner_id)).size).toBe(1);
    expect(first.object).toBe('list');
    expect((await call('GET', '/v1/intents')).status).toBe(429);
    expect((await call('GET', '/v1/intents', { key: second.key })).status).toBe(200);
  });

  it('answers 500 internal_error without leaking internals, and reports the error', async () => {
    const inner = createMemoryStore(TABLES);
    const failing: Store = {
      ...inner,
      query: async (table, query) => {
        if (table === 'intents')
          throw new Error('SQLITE_CORRUPT: SELECT doc FROM "intents" at /srv/secret/path.db');
        return inner.query(table, query);
      },
    };
    const reported: unknown[] = [];
    const { call } = await testApi({
      store: failing,
      api: { rateLimit: false, onUnexpectedError: (e) => reported.push(e) },
    });
    const res = await call('GET', '/v1/intents');
    expect(res.status).toBe(500);
    expect(res.body.error).toMatchObject({ type: 'api_error', code: 'internal_error' });
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/SQLITE|SELECT|secret|at \//);
    expect(reported).toHaveLength(1);
    expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
  });

  it.each([
    '/v1/intents/{id}',
    '/v1/payment_methods',
    '/v1/receipt_keys',
    '/v1/intents/{id}/receipt',
  ])('refuses an unknown query parameter on %s like an unknown body field', async (template) => {
    const { call } = await testApi();
    const created = await call('POST', '/v1/intents', { body: intentBody() });
    const path = template.replace('{id}', created.body.intent_id);
    const res = await call('GET', `${path}?colour=red`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'parameter_unknown', param: 'colour' });
    expect((await call('GET', `${path}?`)).status).not.toBe(400);
  });

  it('maps every error code to the status of CONTRACT §4', () => {
    const expected: Record<number, string[]> = {
      400: [
        'parameter_missing',
        'parameter_invalid',
        'parameter_unknown',
        'unsupported_intent_type',
        'invalid_json',
        'idempotency_key_invalid',
      ],
      401: ['authentication_required', 'invalid_api_key'],
      403: ['permission_denied'],
      404: ['resource_missing', 'receipt_not_available'],
      409: ['intent_not_resumable', 'intent_not_cancelable', 'idempotency_in_flight'],
      413: ['body_too_large'],
      415: ['unsupported_media_type'],
      422: ['idempotency_conflict'],
      429: ['rate_limited'],
      500: ['internal_error'],
    };
    for (const [status, codes] of Object.entries(expected)) {
      for (const code of codes)
        expect(ERROR_HTTP[code as keyof typeof ERROR_HTTP].status, code).toBe(Number(status));
    }
  });

  it('puts request_id in the body and X-Request-Id on every response', async () => {
    const { call } = await testApi();
    const responses = [
      await call('GET', '/v1/intents'),
      await call('POST', '/v1/intents', { body: intentBody() }),
      await call('POST', '/v1/intents', { body: {} }),
      await call('GET', '/v1/intents', { key: null }),
      await call('GET', '/v1/nowhere'),
      await call('GET', '/v1/payment_methods'),
    ];
    const ids = responses.map((r) => {
      expect(r.body.request_id).toMatch(/^req_/);
      expect(r.headers.get('x-request-id')).toBe(r.body.request_id);
      return r.body.request_id;
    });
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('GET /v1/payment_methods', () => {
  it('lists the five test cards and the invoice method in test mode', async () => {
    const { call } = await testApi();
    const res = await call('GET', '/v1/payment_methods');
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: { id: string }) => m.id)).toEqual([
      'pm_card_visa',
      'pm_card_otp_required',
      'pm_card_3ds_required',
      'pm_card_declined',
      'pm_card_insufficient_funds',
      'pm_invoice_net_terms',
    ]);
    for (const method of res.body.data) {
      expect(method).toMatchObject({ object: 'payment_method', livemode: false });
      expect(method.last4).toMatch(method.brand === 'invoice' ? /^$/ : /^\d{4}$/);
      expect(method.brand).toBeTruthy();
      expect(method.description).toBeTruthy();
    }
  });

  it('lists none in live mode', async () => {
    const { call, engine } = await testApi();
    const live = (await engine.keys.create('acme', true)).key;
    expect((await call('GET', '/v1/payment_methods', { key: live })).body.data).toEqual([]);
  });
});
