import { describe, expect, it } from 'vitest';
import type { IntentDoc } from '../../../engine/schemas/intent-doc';
import type { Observation } from '../../../engine/schemas/intent';
import { evaluate } from '../../../engine/monitor/conditions';

const NOW = Date.parse('2026-12-01T12:00:00Z');

const intent = (
  over: Partial<Pick<IntentDoc, 'objective' | 'conditions' | 'guardrails' | 'payment'>> = {},
) => ({
  objective: { product: { product_url: 'https://shop.example.com/p' } },
  conditions: { availability: 'in_stock' as const, max_price_cents: 10_000, currency: 'USD' },
  guardrails: { allowed_merchants: ['shop.example.com'] },
  payment: { payment_method_id: 'pm_card_visa', max_charge_cents: 12_000 },
  ...over,
});

const seen = (over: Partial<Observation> = {}): Observation => ({
  price_cents: 9_000,
  currency: 'USD',
  availability: 'in_stock',
  merchant: 'shop.example.com',
  observed_at: '2026-12-01T12:00:00.000Z',
  source: 'json-ld',
  ...over,
});

describe('evaluate (CONTRACT §9)', () => {
  it('holds when every condition and guardrail does', () => {
    expect(evaluate(intent(), seen(), NOW)).toEqual({ holds: true });
  });

  it.each([
    ['limited stock', { availability: 'limited' as const }],
    ['the exact price ceiling', { price_cents: 10_000 }],
  ])('holds for %s', (_name, over) => {
    expect(evaluate(intent(), seen(over), NOW).holds).toBe(true);
  });

  it.each([
    ['out of stock', { availability: 'out_of_stock' as const }, 'OUT_OF_STOCK'],
    ['pre-order', { availability: 'preorder' as const }, 'PREORDER'],
    ['back-order', { availability: 'backorder' as const }, 'BACKORDER'],
    ['discontinued', { availability: 'discontinued' as const }, 'DISCONTINUED'],
    ['in store only', { availability: 'in_store_only' as const }, 'IN_STORE_ONLY'],
    ['unknown stock', { availability: 'unknown' as const }, 'STOCK_UNKNOWN'],
    ['a price one cent over', { price_cents: 10_001 }, 'PRICE_ABOVE_LIMIT'],
    ['another currency', { currency: 'EUR' }, 'CURRENCY_MISMATCH'],
    ['no currency on the page', { currency: null }, 'PRICE_UNKNOWN'],
    ['no price on the page', { price_cents: null }, 'PRICE_UNKNOWN'],
    ['another merchant', { merchant: 'evil.example' }, 'MERCHANT_NOT_ALLOWED'],
    ['no merchant', { merchant: null }, 'MERCHANT_NOT_ALLOWED'],
  ])('waits for %s with its reason', (_name, over, reason) => {
    expect(evaluate(intent(), seen(over), NOW)).toEqual({ holds: false, reason });
  });

  it('checks the whole quantity against max_charge_cents', () => {
    const two = intent({
      objective: { product: { product_url: 'https://shop.example.com/p', quantity: 2 } },
    });
    expect(evaluate(two, seen({ price_cents: 6_000 }), NOW)).toEqual({ holds: true });
    expect(evaluate(two, seen({ price_cents: 6_001 }), NOW)).toEqual({
      holds: false,
      reason: 'TOTAL_ABOVE_LIMIT',
    });
  });

  it('never holds for unknown stock even without an availability condition', () => {
    expect(evaluate(intent({ conditions: {} }), seen({ availability: 'unknown' }), NOW).holds).toBe(
      false,
    );
  });

  it('holds inside a time window and waits outside it', () => {
    const windowed = intent({
      conditions: {
        time_windows: [{ start: '2026-12-01T11:00:00Z', end: '2026-12-01T13:00:00+00:00' }],
      },
    });
    expect(evaluate(windowed, seen(), NOW).holds).toBe(true);
    expect(evaluate(windowed, seen(), Date.parse('2026-12-01T13:00:00Z'))).toEqual({
      holds: false,
      reason: 'OUTSIDE_TIME_WINDOW',
    });
  });

  it('waits on an ambiguous page', () => {
    expect(evaluate(intent(), seen(), NOW, true)).toEqual({
      holds: false,
      reason: 'AMBIGUOUS_OFFER',
    });
  });

  it('reports the merchant before the price', () => {
    expect(evaluate(intent(), seen({ merchant: 'x.example', price_cents: 99_999 }), NOW)).toEqual({
      holds: false,
      reason: 'MERCHANT_NOT_ALLOWED',
    });
  });
});
