import { describe, expect, it } from 'vitest';
import { offerPagesMetadata, shopPageOf } from '../../../components/stores/offer-pages';
import type { Intent } from '../../../components/stores/types';
import { offersLine, offersSeen } from '../../../components/ui/offers';

const seen = (merchant: string, price: number | null, currency = 'USD') => ({
  merchant,
  price_cents: price,
  currency,
  availability: 'in_stock' as const,
  observed_at: '2026-11-26T10:00:00.000Z',
});

const watch = (overrides: Partial<Intent> = {}) =>
  ({
    status: 'waiting',
    objective: { product: { product_id: 'prod_1', product_title: 'Kettle' } },
    conditions: { max_price_cents: 4_000, currency: 'USD' },
    guardrails: { allowed_merchants: ['a.example', 'b.example'] },
    metadata: {},
    last_observation: null,
    latest_execution: null,
    ...overrides,
  }) as unknown as Intent;

const observed = (chosen: ReturnType<typeof seen>, others: ReturnType<typeof seen>[]) => ({
  ...chosen,
  source: 'json-ld',
  other_offers: others,
});

describe('a watch at several shops in the popup', () => {
  it('lists the offers last read cheapest first, those in another currency or unpriced last', () => {
    const intent = watch({
      last_observation: observed(seen('a.example', 5_000), [
        seen('c.example', null),
        seen('b.example', 4_500),
        seen('d.example', 100, 'EUR'),
      ]),
    });
    expect(offersSeen(intent).map((offer) => offer.merchant)).toEqual([
      'b.example',
      'a.example',
      'c.example',
      'd.example',
    ]);
    expect(offersLine(intent)).toBe(
      'Cheapest now: b.example $45.00 · also a.example $50.00, c.example Price unknown',
    );
  });

  it('names its shops before any check, and where it bought after', () => {
    expect(offersLine(watch())).toBe('At any of a.example, b.example');
    const bought = watch({
      status: 'succeeded',
      latest_execution: { merchant: 'b.example' } as Intent['latest_execution'],
    });
    expect(offersLine(bought)).toBe('Bought at b.example');
  });

  it('says nothing more about a watch of one page', () => {
    const page = watch({
      objective: { product: { product_url: 'https://a.example/p' } },
      last_observation: { ...seen('a.example', 5_000), source: 'json-ld' },
    });
    expect(offersLine(page)).toBeNull();
    expect(offersSeen(page)).toEqual([]);
  });
});

describe('the page to buy at', () => {
  it('is the watched page, or the page of the merchant a product_id watch chose', () => {
    const metadata = offerPagesMetadata([
      { merchant: 'a.example', url: 'https://a.example/p/1' },
      { merchant: 'b.example', url: 'https://b.example/item/9' },
    ]);
    expect(metadata).toEqual({
      'page:a.example': 'https://a.example/p/1',
      'page:b.example': 'https://b.example/item/9',
    });
    const chose = (merchant: string) =>
      watch({ metadata, latest_execution: { merchant } as Intent['latest_execution'] });
    expect(shopPageOf(chose('b.example'))).toBe('https://b.example/item/9');
    expect(shopPageOf(chose('z.example'))).toBeNull();
    const page = watch({ objective: { product: { product_url: 'https://a.example/x' } } });
    expect(shopPageOf(page)).toBe('https://a.example/x');
  });

  it('leaves out what metadata cannot hold (a key over 40 characters, a page over 500)', () => {
    expect(
      offerPagesMetadata([
        { merchant: `${'m'.repeat(36)}.example`, url: 'https://x.example/' },
        { merchant: 'b.example', url: `https://b.example/${'p'.repeat(500)}` },
      ]),
    ).toEqual({});
  });
});
