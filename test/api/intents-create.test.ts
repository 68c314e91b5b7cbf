import { describe, expect, it } from 'vitest';
import { intentBody, testApi } from '../support/api';

const INTENT_FIELDS = [
  'object',
  'intent_id',
  'status',
  'type',
  'external_user_id',
  'objective',
  'conditions',
  'guardrails',
  'payment',
  'metadata',
  'livemode',
  'created_at',
  'updated_at',
  'next_action',
  'last_observation',
  'latest_execution',
  'receipt_id',
  'identity',
  'request_id',
];

describe('POST /v1/intents', () => {
  it('creates an active intent with the full record of CONTRACT §7', async () => {
    const { call } = await testApi();
    const res = await call('POST', '/v1/intents', { body: intentBody() });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([...INTENT_FIELDS].sort());
    expect(res.body).toMatchObject({
      object: 'intent',
      status: 'active',
      type: 'purchase',
      livemode: false,
      created_at: '2026-11-22T10:00:00.000Z',
      next_action: null,
      last_observation: null,
      latest_execution: null,
      receipt_id: null,
      identity: { provided: false },
      payment: { payment_method_id: 'pm_card_visa', max_charge_cents: 15_000 },
    });
    expect(res.body.intent_id).toMatch(/^int_[0-9A-Z]{26}$/);
    expect(res.body.request_id).toMatch(/^req_/);
    expect(res.headers.get('x-request-id')).toBe(res.body.request_id);
  });

  it('records intent.created as the first event', async () => {
    const { call } = await testApi();
    const created = await call('POST', '/v1/intents', { body: intentBody() });
    const events = await call('GET', `/v1/intents/${created.body.intent_id}/events`);
    expect(events.body.events.map((e: { type: string }) => e.type)).toEqual(['intent.created']);
    expect(events.body.events[0]).toMatchObject({ intent_id: created.body.intent_id, data: {} });
  });

  it('fills absent optional objects with empty ones and payment with null', async () => {
    const { call } = await testApi();
    const res = await call('POST', '/v1/intents', {
      body: {
        type: 'purchase',
        external_user_id: 'u',
        objective: { product: { product_url: 'https://a.example/p' } },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ conditions: {}, guardrails: {}, metadata: {}, payment: null });
  });

  it('normalises allowed merchants to lower-case host names without www.', async () => {
    const { call } = await testApi();
    const res = await call('POST', '/v1/intents', {
      body: intentBody({
        guardrails: {
          allowed_merchants: [
            'WWW.Shop.Example.com',
            'https://other.example/x',
            'shop.example.com',
          ],
        },
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body.guardrails.allowed_merchants).toEqual(['shop.example.com', 'other.example']);
  });

  it('accepts quantity in both places when they agree', async () => {
    const { call } = await testApi();
    const res = await call('POST', '/v1/intents', {
      body: intentBody({
        objective: { product: { product_url: 'https://a.example/p', quantity: 2 }, quantity: 2 },
      }),
    });
    expect(res.status).toBe(201);
  });

  describe('rejects bad input with the offending field and writes nothing', () => {
    const cases: Array<[string, Record<string, unknown>, number, string, string | undefined]> = [
      [
        'reservation type',
        {
          type: 'reservation',
          objective: { reservation: { provider: 'x', venue_id: 'v', party_size: 2 } },
        },
        400,
        'unsupported_intent_type',
        'type',
      ],
      ['an unknown type', { type: 'rental' }, 400, 'parameter_invalid', 'type'],
      ['missing type', { type: undefined }, 400, 'parameter_missing', 'type'],
      [
        'missing external_user_id',
        { external_user_id: undefined },
        400,
        'parameter_missing',
        'external_user_id',
      ],
      [
        'empty external_user_id',
        { external_user_id: '  ' },
        400,
        'parameter_invalid',
        'external_user_id',
      ],
      ['missing objective', { objective: undefined }, 400, 'parameter_missing', 'objective'],
      [
        'an objective with no product',
        { objective: {} },
        400,
        'parameter_missing',
        'objective.product',
      ],
      [
        'a product with neither url nor id',
        { objective: { product: { product_title: 'x' } } },
        400,
        'parameter_missing',
        'objective.product.product_url',
      ],
      [
        'a non-http product_url',
        { objective: { product: { product_url: 'javascript:alert(1)' } } },
        400,
        'parameter_invalid',
        'objective.product.product_url',
      ],
      [
        'a product_url over 2048 chars',
        { objective: { product: { product_url: `https://a.example/${'x'.repeat(2048)}` } } },
        400,
        'parameter_invalid',
        'objective.product.product_url',
      ],
      [
        'an unknown product_id',
        { objective: { product: { product_id: 'prod_nope' } } },
        400,
        'resource_missing',
        'objective.product.product_id',
      ],
      [
        'conflicting quantities',
        {
          objective: { product: { product_url: 'https://a.example/p', quantity: 2 }, quantity: 3 },
        },
        400,
        'parameter_invalid',
        'objective.quantity',
      ],
      [
        'a fractional quantity',
        { objective: { product: { product_url: 'https://a.example/p', quantity: 1.5 } } },
        400,
        'parameter_invalid',
        'objective.product.quantity',
      ],
      [
        'a zero quantity',
        { objective: { quantity: 0, product: { product_url: 'https://a.example/p' } } },
        400,
        'parameter_invalid',
        'objective.quantity',
      ],
      [
        'a reservation objective on a purchase',
        { objective: { reservation: { provider: 'x', venue_id: 'v', party_size: 2 } } },
        400,
        'unsupported_intent_type',
        'objective.reservation',
      ],
      ['an unknown top-level field', { colour: 'red' }, 400, 'parameter_unknown', 'colour'],
      [
        'an unknown nested field',
        { conditions: { max_price: 100 } },
        400,
        'parameter_unknown',
        'conditions.max_price',
      ],
      [
        'fractional money',
        { conditions: { max_price_cents: 19.99 } },
        400,
        'parameter_invalid',
        'conditions.max_price_cents',
      ],
      [
        'negative money',
        { payment: { max_charge_cents: -1 } },
        400,
        'parameter_invalid',
        'payment.max_charge_cents',
      ],
      [
        'money as a string',
        { conditions: { max_price_cents: '100' } },
        400,
        'parameter_invalid',
        'conditions.max_price_cents',
      ],
      [
        'a currency that is not an ISO 4217 code in use',
        { conditions: { currency: 'ZZZ' } },
        400,
        'parameter_invalid',
        'conditions.currency',
      ],
      [
        'a product URL with a user name and password',
        {
          objective: {
            product: { product_url: 'https://ann:secret@shop.example.com/products/trail-runner' },
          },
        },
        400,
        'parameter_invalid',
        'objective.product.product_url',
      ],
      [
        'an external user id with a control character',
        { external_user_id: 'user\u00001' },
        400,
        'parameter_invalid',
        'external_user_id',
      ],
      [
        'a lower-case currency',
        { conditions: { currency: 'usd' } },
        400,
        'parameter_invalid',
        'conditions.currency',
      ],
      [
        'an unknown availability',
        { conditions: { availability: 'whenever' } },
        400,
        'parameter_invalid',
        'conditions.availability',
      ],
      [
        'a time window without offset',
        {
          conditions: {
            time_windows: [{ start: '2026-12-01T09:00:00', end: '2026-12-01T10:00:00Z' }],
          },
        },
        400,
        'parameter_invalid',
        'conditions.time_windows[0].start',
      ],
      [
        'a time window ending before it starts',
        {
          conditions: {
            time_windows: [{ start: '2026-12-01T10:00:00Z', end: '2026-12-01T09:00:00Z' }],
          },
        },
        400,
        'parameter_invalid',
        'conditions.time_windows[0].end',
      ],
      [
        'an expiry on a day that does not exist',
        { guardrails: { expires_at: '2027-02-30T00:00:00Z' } },
        400,
        'parameter_invalid',
        'guardrails.expires_at',
      ],
      [
        'an expiry past 9999 once in UTC (not writable in RFC 3339)',
        { guardrails: { expires_at: '9999-12-31T23:59:59.999-23:59' } },
        400,
        'parameter_invalid',
        'guardrails.expires_at',
      ],
      [
        'a time window at hour 24',
        {
          conditions: {
            time_windows: [{ start: '2027-02-28T24:00:00Z', end: '2027-03-01T10:00:00Z' }],
          },
        },
        400,
        'parameter_invalid',
        'conditions.time_windows[0].start',
      ],
      [
        'an expiry in the past',
        { guardrails: { expires_at: '2020-01-01T00:00:00Z' } },
        400,
        'parameter_invalid',
        'guardrails.expires_at',
      ],
      [
        'a bad merchant id',
        { guardrails: { allowed_merchants: ['not a host'] } },
        400,
        'parameter_invalid',
        'guardrails.allowed_merchants[0]',
      ],
      [
        'an unknown retry policy',
        { guardrails: { retry_policy: 'yolo' } },
        400,
        'parameter_invalid',
        'guardrails.retry_policy',
      ],
      [
        'an unknown payment method',
        { payment: { payment_method_id: 'pm_card_unknown' } },
        400,
        'parameter_invalid',
        'payment.payment_method_id',
      ],
      [
        'too many metadata keys',
        { metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])) },
        400,
        'parameter_invalid',
        'metadata',
      ],
      [
        'a long metadata key',
        { metadata: { ['k'.repeat(41)]: 'v' } },
        400,
        'parameter_invalid',
        undefined,
      ],
      [
        'a long metadata value',
        { metadata: { note: 'v'.repeat(501) } },
        400,
        'parameter_invalid',
        'metadata.note',
      ],
      [
        'a nested metadata value',
        { metadata: { note: { deep: true } } },
        400,
        'parameter_invalid',
        'metadata.note',
      ],
    ];
    it.each(cases)('%s', async (_name, overrides, status, code, param) => {
      const { call } = await testApi();
      const res = await call('POST', '/v1/intents', { body: intentBody(overrides) });
      expect(res.status).toBe(status);
      expect(res.body.error.code).toBe(code);
      expect(res.body.error.type).toBe('invalid_request_error');
      if (param) expect(res.body.error.param).toBe(param);
      else expect(res.body.error.param).toMatch(/^metadata/);
      expect(res.body.error.message.length).toBeGreaterThan(10);
      expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
      const list = await call('GET', '/v1/intents');
      expect(list.body.data).toEqual([]);
    });
  });

  it("names a money field's own limit, not JavaScript's safe-integer one", async () => {
    const { call } = await testApi();
    const res = await call('POST', '/v1/intents', {
      body: intentBody({ conditions: { max_price_cents: 1e20 } }),
    });
    expect(res.body.error).toMatchObject({
      param: 'conditions.max_price_cents',
      message: 'conditions.max_price_cents must be at most 10000000000.',
    });
  });

  it('says what is wrong with a metadata key that is too long', async () => {
    const { call } = await testApi();
    const key = 'k'.repeat(41);
    const res = await call('POST', '/v1/intents', {
      body: intentBody({ metadata: { [key]: 'v' } }),
    });
    expect(res.body.error.param).toBe(`metadata.${key}`);
    expect(res.body.error.message).toBe(
      `metadata.${key} is not an allowed key: a key must be at most 40 characters.`,
    );
  });

  it('stores and answers timestamps in UTC with milliseconds, whatever offset they came with', async () => {
    const { call } = await testApi();
    const res = await call('POST', '/v1/intents', {
      body: intentBody({
        guardrails: { expires_at: '2099-02-01T00:00:00+05:00' },
        conditions: {
          time_windows: [{ start: '2099-01-01T09:30:00-02:00', end: '2099-01-01T12:00:00.5Z' }],
        },
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body.guardrails.expires_at).toBe('2099-01-31T19:00:00.000Z');
    expect(res.body.conditions.time_windows).toEqual([
      { start: '2099-01-01T11:30:00.000Z', end: '2099-01-01T12:00:00.500Z' },
    ]);
    const read = await call('GET', `/v1/intents/${res.body.intent_id}`);
    expect(read.body.guardrails.expires_at).toBe('2099-01-31T19:00:00.000Z');
  });

  it('answers 400 invalid_json for a malformed body', async () => {
    const { call } = await testApi();
    const res = await call('POST', '/v1/intents', {
      raw: '{"type": "purchase",',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_json');
  });

  it('answers 400 invalid_json for a body that is not an object', async () => {
    const { call } = await testApi();
    const res = await call('POST', '/v1/intents', {
      raw: '[1,2]',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_json');
  });

  it('answers 415 when the body is not declared as JSON', async () => {
    const { call } = await testApi();
    const res = await call('POST', '/v1/intents', {
      raw: JSON.stringify(intentBody()),
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('unsupported_media_type');
  });

  it('answers 415 for a form-encoded body', async () => {
    const { call } = await testApi();
    const res = await call('POST', '/v1/intents', {
      raw: 'type=purchase',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
  });

  it('answers 413 for a body over 64 KiB', async () => {
    const { call } = await testApi();
    const res = await call('POST', '/v1/intents', {
      body: intentBody({ metadata: { note: 'x'.repeat(70 * 1024) } }),
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('body_too_large');
  });

  it('counts the 64 KiB in bytes, not characters', async () => {
    const { call } = await testApi();
    const metadata = (char: string) =>
      Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, char.repeat(500)]));
    // 25 000 characters either way; '€' takes 3 bytes in UTF-8, so this body is ~75 KB.
    const euros = await call('POST', '/v1/intents', {
      body: intentBody({ metadata: metadata('€') }),
    });
    expect(euros.status).toBe(413);
    expect(euros.body.error.code).toBe('body_too_large');
    const ascii = await call('POST', '/v1/intents', {
      body: intentBody({ metadata: metadata('e') }),
    });
    expect(ascii.status).toBe(201);
  });

  it('accepts application/json with a charset', async () => {
    const { call } = await testApi();
    const res = await call('POST', '/v1/intents', {
      body: intentBody(),
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
    expect(res.status).toBe(201);
  });
});

describe('request bodies without Content-Length', () => {
  const stream = (text: string, chunk = 1024) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(text);
        for (let i = 0; i < bytes.length; i += chunk) controller.enqueue(bytes.slice(i, i + chunk));
        controller.close();
      },
    });

  async function post(body: string) {
    const { engine, key } = await testApi();
    const res = await engine.fetch(
      new Request('http://api.test/v1/intents', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${key}`,
          'Content-Type': 'application/json',
          'Transfer-Encoding': 'chunked',
        },
        body: stream(body),
        duplex: 'half',
      } as RequestInit),
    );
    return { status: res.status, body: (await res.json()) as { error?: { code: string } } };
  }

  it('accepts a streamed body under the cap', async () => {
    expect((await post(JSON.stringify(intentBody()))).status).toBe(201);
  });

  it('refuses a streamed body past 64 KiB with 413', async () => {
    const res = await post(
      JSON.stringify(intentBody({ metadata: { note: 'x'.repeat(100 * 1024) } })),
    );
    expect(res.status).toBe(413);
    expect(res.body.error?.code).toBe('body_too_large');
  });
});
