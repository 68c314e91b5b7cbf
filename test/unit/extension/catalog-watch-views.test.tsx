import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Intent, Receipt } from '../../../components/stores/types';
import { ActionCard } from '../../../entrypoints/popup/ActionCard';
import { IntentRow } from '../../../entrypoints/popup/IntentRow';
import { ReceiptDetails } from '../../../entrypoints/popup/ReceiptDetails';

const seen = (merchant: string, price: number) => ({
  merchant,
  price_cents: price,
  currency: 'USD',
  availability: 'in_stock',
  observed_at: '2026-11-26T10:00:00.000Z',
});

/** A product_id watch at two shops, as the API returns it. */
const watch = (overrides: Record<string, unknown> = {}) =>
  ({
    object: 'intent',
    intent_id: 'int_1',
    status: 'waiting',
    objective: { product: { product_id: 'prod_1', product_title: 'Ridge Hiking Boots' } },
    conditions: { availability: 'in_stock', max_price_cents: 9_000, currency: 'USD' },
    guardrails: { allowed_merchants: ['127.0.0.1', 'localhost'] },
    metadata: {
      'page:127.0.0.1': 'http://127.0.0.1:8081/products/boots',
      'page:localhost': 'http://localhost:8083/products/boots',
    },
    last_observation: {
      ...seen('localhost', 9_500),
      source: 'json-ld',
      other_offers: [seen('127.0.0.1', 11_000)],
    },
    latest_execution: null,
    next_action: null,
    receipt_id: null,
    ...overrides,
  }) as unknown as Intent;

describe('a watch at several shops in the Watching list', () => {
  it('shows the price with its shop and which shop is cheapest now, without a page history', () => {
    const html = renderToStaticMarkup(<IntentRow intent={watch()} />);
    expect(html).toContain('$95.00 at localhost');
    expect(html).toContain('Cheapest now: localhost $95.00 · also 127.0.0.1 $110.00');
    expect(html).not.toContain('price-sparkline');
  });

  it('says where it bought', () => {
    const bought = watch({
      status: 'succeeded',
      latest_execution: {
        attempt: 1,
        step: 'complete',
        status: 'succeeded',
        total_cents: 10_283,
        merchant: 'localhost',
        last_error: null,
      },
    });
    expect(renderToStaticMarkup(<IntentRow intent={bought} />)).toContain('Bought at localhost');
  });

  it('leads an assisted purchase to the page of the shop chosen', () => {
    const asking = watch({
      status: 'requires_user_action',
      next_action: { type: 'confirmation', instructions: 'Buy it.', expires_at: null },
      latest_execution: {
        attempt: 1,
        step: 'confirm',
        status: 'requires_user_action',
        total_cents: null,
        merchant: 'localhost',
        last_error: null,
      },
    });
    const html = renderToStaticMarkup(<ActionCard intent={asking} />);
    expect(html).toContain('href="http://localhost:8083/products/boots"');
    expect(html).toContain('Buy at localhost — $95.00');
  });
});

describe('the receipt of a watch at several shops', () => {
  it('lists the other offers when it bought, cheapest first', () => {
    const receipt = {
      object: 'receipt',
      receipt_id: 'rcpt_1',
      intent_id: 'int_1',
      merchant: 'localhost',
      method: 'acp',
      order: { id: 'A-1', permalink_url: null },
      line_items: [],
      totals: {
        subtotal_cents: 9_500,
        shipping_cents: 0,
        tax_cents: 0,
        total_charged_cents: 9_500,
      },
      currency: 'USD',
      payment: { payment_method_id: 'pm_card_visa', brand: 'visa', last4: '4242' },
      observed_offer: null,
      other_offers: [seen('shop.example', 12_000), seen('127.0.0.1', 11_000)],
      guardrails_checked: [],
      executed_at: '2026-11-26T10:00:00.000Z',
      signature: { alg: 'EdDSA', kid: 'k1', value: 'x' },
    } as unknown as Receipt;
    const html = renderToStaticMarkup(<ReceiptDetails receipt={receipt} />);
    const shops = [...html.matchAll(/<li data-merchant="([^"]+)"/g)].map((m) => m[1]);
    expect(shops).toEqual(['127.0.0.1', 'shop.example']);
    expect(html).toContain('Other offers when bought');
  });
});
