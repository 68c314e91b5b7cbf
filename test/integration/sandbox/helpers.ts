import { TEST_CARDS } from '../../../engine/index';
import { createSandboxMerchant } from '../../../server/sandbox-merchant/index';
import type { SandboxOptions } from '../../../server/sandbox-merchant/index';

/** Test-only builders for driving the sandbox merchant in-process with app.request(). */
export const API_KEY = 'sandbox_merchant_key';
export const VERSION = '2026-04-17';
/** app.request() resolves paths against http://localhost, so the merchant id is localhost. */
export const MERCHANT_ID = 'localhost';
export const START = Date.parse('2026-05-01T12:00:00.000Z');

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let keys = 0;
export const newKey = () => `test-key-${++keys}-${Math.random().toString(36).slice(2)}`;

export function acpHeaders(idempotencyKey?: string, extra: Record<string, string> = {}) {
  return {
    Authorization: `Bearer ${API_KEY}`,
    'API-Version': VERSION,
    'Content-Type': 'application/json',
    ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
    ...extra,
  };
}

export interface Reply {
  status: number;
  headers: Headers;
  body: Json;
}

/** A sandbox on a controllable clock, plus small helpers that speak ACP to it. */
export function sandbox(options: SandboxOptions = {}) {
  let clock = START;
  const { app, state } = createSandboxMerchant({ now: () => clock, ...options });

  async function call(
    method: string,
    path: string,
    body?: unknown,
    init: { key?: string; headers?: Record<string, string> } = {},
  ): Promise<Reply> {
    const isPost = method === 'POST';
    const headers = init.headers ?? acpHeaders(isPost ? (init.key ?? newKey()) : undefined);
    const res = await app.request(path, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : {} };
  }

  const post = (path: string, body?: unknown, key?: string) => call('POST', path, body, { key });

  return {
    app,
    state,
    call,
    post,
    get: (path: string) => call('GET', path),
    advance: (ms: number) => {
      clock += ms;
    },
    now: () => clock,
    createSession: (body: Json = createBody(), key?: string) =>
      post('/checkout_sessions', body, key),
    delegate: (body: Json, key?: string) => post('/agentic_commerce/delegate_payment', body, key),
    complete: (id: string, body: Json, key?: string) =>
      post(`/checkout_sessions/${id}/complete`, body, key),
    orders: async () => (await call('GET', '/_control/orders')).body.data as Json[],
    /** A delegated token for a session (allowance overrides merge into the default). */
    async token(
      sessionId: string,
      card: keyof typeof TEST_CARDS = 'pm_card_visa',
      allowance: Json = {},
    ) {
      const reply = await post(
        '/agentic_commerce/delegate_payment',
        delegateBody(card, { checkout_session_id: sessionId, ...allowance }, clock),
      );
      if (reply.status !== 201) throw new Error(`delegate_payment: ${JSON.stringify(reply.body)}`);
      return reply.body.id as string;
    },
    /** Creates a session for `sku` and a token for it; returns both ids and the session total. */
    async ready(card: keyof typeof TEST_CARDS = 'pm_card_visa', sku = 'trail-runner-42') {
      const session = await post('/checkout_sessions', createBody([sku]));
      const total = totalOf(session.body);
      const token = await post(
        '/agentic_commerce/delegate_payment',
        delegateBody(card, { checkout_session_id: session.body.id, max_amount: total }, clock),
      );
      return { sessionId: session.body.id as string, tokenId: token.body.id as string, total };
    },
  };
}

export type Sandbox = ReturnType<typeof sandbox>;

export function createBody(skus: string[] = ['trail-runner-42'], extra: Json = {}): Json {
  return {
    currency: 'usd',
    line_items: skus.map((id) => ({ id })),
    capabilities: { interventions: { supported: ['3ds'] } },
    ...extra,
  };
}

export function totalOf(session: Json, type = 'total'): number {
  return (session.totals as Json[]).find((t) => t.type === type)?.amount;
}

export function delegateBody(
  card: keyof typeof TEST_CARDS,
  allowance: Json,
  now = START,
  paymentMethod: Json = {},
): Json {
  const number = TEST_CARDS[card].number;
  return {
    payment_method: {
      type: 'card',
      card_number_type: 'fpan',
      number,
      exp_month: '12',
      exp_year: '2034',
      name: 'Ada Lovelace',
      cvc: '123',
      display_card_funding_type: 'credit',
      display_brand: TEST_CARDS[card].brand,
      display_last4: number.slice(-4),
      metadata: {},
      ...paymentMethod,
    },
    allowance: {
      reason: 'one_time',
      max_amount: 100_000,
      currency: 'usd',
      merchant_id: MERCHANT_ID,
      expires_at: new Date(now + 3_600_000).toISOString(),
      ...allowance,
    },
    risk_signals: [],
    metadata: { source: 'test' },
  };
}

export function payWith(token: string, extra: Json = {}): Json {
  return {
    payment_data: {
      handler_id: 'card_tokenized',
      instrument: { type: 'card', credential: { type: 'spt', token } },
    },
    ...extra,
  };
}

/** Path part of an absolute sandbox URL (for app.request). */
export const pathOf = (url: string) => new URL(url).pathname;
