import { createEngine, type EngineOptions, type Store } from '../../engine/index';
import { apiStore } from './api-store';
import { fakeClock } from './clock';

export { apiStore };

export interface CallOptions {
  body?: unknown;
  /** Raw body text or bytes, sent as is. */
  raw?: string | Uint8Array<ArrayBuffer>;
  key?: string | null;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  /** The body as received. */
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  body: any;
}

/**
 * An engine on the suite's store (apiStore) and a fake clock, with one test key, called
 * in-process. Two engines on one `store` stand for two server instances on one database.
 */
export async function testApi(options: Partial<EngineOptions> & { store?: Store } = {}) {
  const clock = fakeClock();
  const engine = createEngine({
    ...options,
    store: options.store ?? (await apiStore()),
    clock,
    api: options.api ?? { rateLimit: false },
  });
  const { key } = await engine.keys.create('acme');

  async function call(method: string, path: string, opts: CallOptions = {}): Promise<CallResult> {
    const headers: Record<string, string> = { ...opts.headers };
    const auth = opts.key === undefined ? key : opts.key;
    if (auth !== null) headers.Authorization = `Bearer ${auth}`;
    let body: string | Uint8Array<ArrayBuffer> | undefined = opts.raw;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const res = await engine.fetch(
      new Request(`http://api.test${path}`, { method, headers, body }),
    );
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : null };
  }

  return { engine, clock, key, call };
}

/** A valid create-intent body; override any part. */
export function intentBody(overrides: Record<string, unknown> = {}) {
  return {
    type: 'purchase',
    external_user_id: 'user_1',
    objective: {
      product: { product_url: 'https://shop.example.com/products/trail-runner', quantity: 1 },
    },
    conditions: { availability: 'in_stock', max_price_cents: 12_000, currency: 'USD' },
    guardrails: {
      allowed_merchants: ['shop.example.com'],
      expires_at: '2030-01-01T00:00:00Z',
      retry_policy: 'safe',
    },
    payment: { payment_method_id: 'pm_card_visa', max_charge_cents: 15_000 },
    metadata: { source: 'test' },
    ...overrides,
  };
}
