import { describe, expect, it } from 'vitest';
import { lowestSeenFor } from '../../../components/stores/intents-store';
import { canPayAt } from '../../../components/stores/payment-store';
import type { Intent, PricePoint } from '../../../components/stores/types';
import { buildCreateBody } from '../../../components/stores/watch';
import { eventWords } from '../../../components/ui/event-words';
import { priceDropTarget } from '../../../components/ui/money';
import { WAITING_REASONS } from '../../../engine/contract';

describe('the Watch form defaults', () => {
  it('targets a round step below today', () => {
    expect(priceDropTarget(129_900, 'EUR')).toBe(120_000);
    expect(priceDropTarget(12_999, 'USD')).toBe(12_000);
    expect(priceDropTarget(1_299, 'JPY')).toBe(1_200);
    expect(priceDropTarget(99, 'USD')).toBe(98); // under one unit: one cent below
  });

  it('knows the lowest price an earlier watch of the same product saw, in that currency', () => {
    const point = (price_cents: number, currency = 'EUR'): PricePoint => ({
      observed_at: '2026-11-25T10:00:00Z',
      price_cents,
      currency,
      availability: 'in_stock',
    });
    const intent = (id: string, url: string) =>
      ({ intent_id: id, objective: { product: { product_url: url } } }) as Intent;
    const state = {
      intents: [intent('a', 'https://s.example/p'), intent('b', 'https://s.example/q')],
      histories: {
        a: { key: 'k', points: [point(25_000), point(24_000), point(100, 'USD')] },
        b: { key: 'k', points: [point(1_000)] },
      },
    };
    expect(lowestSeenFor(state, 'https://s.example/p', 'EUR')).toBe(24_000);
    expect(lowestSeenFor(state, 'https://s.example/other', 'EUR')).toBeNull();
  });

  it('pays only at the sandbox in built-in mode, anywhere the server knows in remote mode', () => {
    expect(canPayAt('http://127.0.0.1:8081', 'http://127.0.0.1:8081/products/x')).toBe(true);
    expect(canPayAt('http://127.0.0.1:8081', 'https://shop.example/p')).toBe(false);
    expect(canPayAt(null, 'https://shop.example/p')).toBe(false);
    expect(canPayAt('any', 'https://shop.example/p')).toBe(true);
  });

  it('creates an alert-and-confirm intent (no payment) where the engine cannot pay', () => {
    const body = buildCreateBody({
      productUrl: 'https://shop.example/p',
      title: null,
      imageUrl: null,
      merchant: null,
      onlyThisMerchant: false,
      currency: 'EUR',
      maxPriceMinor: 120_000,
      quantity: 1,
      expiresOn: '2030-01-01',
    });
    expect(body).not.toHaveProperty('payment');
  });
});

describe('events in words', () => {
  it('says what a check saw and why it waits, once', () => {
    const at = '2026-11-25T12:05:00Z';
    expect(
      eventWords({
        type: 'intent.waiting',
        timestamp: at,
        data: {
          reason: 'PRICE_ABOVE_LIMIT',
          price_cents: 129_900,
          currency: 'EUR',
          availability: 'in_stock',
        },
      }),
    ).toMatch(/ — Checked: €1,299\.00, in stock; above your price$/);
    expect(
      eventWords({
        type: 'intent.waiting',
        timestamp: at,
        data: { reason: 'OUT_OF_STOCK', availability: 'out_of_stock' },
      }),
    ).toMatch(/ — Checked: out of stock$/);
    expect(eventWords({ type: 'execution.step_started', timestamp: at, data: {} })).toBe('');
  });

  it('says every waiting reason in words, never as its code', () => {
    for (const reason of WAITING_REASONS) {
      const words = eventWords({
        type: 'intent.waiting',
        timestamp: '2026-11-25T12:05:00Z',
        data: { reason },
      });
      expect(words, reason).toMatch(/ — Checked; [a-z]/);
      expect(words, reason).not.toContain('_');
    }
  });
});
