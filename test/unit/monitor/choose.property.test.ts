import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OfferState } from '../../../engine/monitor/choose';
import { decideProduct } from '../../../engine/monitor/decide-product';
import type { IntentDoc } from '../../../engine/schemas/intent-doc';
import { AVAILABILITIES } from '../../../engine/vocabulary';

/**
 * The choice among a product_id intent's offers (monitor/choose.ts through decideProduct), against
 * an oracle written from CONTRACT §9: the offer bought always holds, is never at a merchant the
 * intent does not allow, and never costs more than another offer that holds.
 */

const NOW = Date.parse('2026-12-01T12:00:00Z');
const THRESHOLD = 3;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const PATIENCE = 3 * 60_000;
const MERCHANTS = ['a.example', 'b.example', 'c.example', 'd.example', 'e.example'];

/** Null mostly; a value one time in eight. */
const rarely = <T>(value: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(null), weight: 7 }, { arbitrary: value, weight: 1 });

const offerArb = fc.record({
  observed: fc.constantFrom(true, true, true, true, true, true, false),
  /** The page's host: usually the catalog's merchant, sometimes another (a redirect). */
  host: rarely(fc.constantFrom(...MERCHANTS)),
  price: fc.option(fc.integer({ min: 0, max: 15_000 }), { nil: null, freq: 10 }),
  currency: fc.constantFrom('USD', 'USD', 'USD', 'USD', 'USD', 'EUR'),
  availability: fc.oneof(
    { arbitrary: fc.constantFrom('in_stock' as const, 'limited' as const), weight: 6 },
    { arbitrary: fc.constantFrom(...AVAILABILITIES), weight: 1 },
  ),
  ambiguous: fc.constantFrom(false, false, false, false, false, false, false, true),
  failures: fc.constantFrom(0, 0, 0, 0, 0, 0, 1, 2, 3, 4),
  /**
   * A checkout there cost the items plus `extra` (shipping; or a page behind its checkout), `age`
   * ago, at the page's price now or another.
   */
  checkout: fc.option(
    fc.record({
      extra: fc.integer({ min: -500, max: 2_000 }),
      samePrice: fc.boolean(),
      age: fc.constantFrom(0, DAY, DAY + 1),
    }),
    { nil: null },
  ),
  blockedAt: rarely(fc.integer({ min: 0, max: 20_000 })),
  blockedUntil: rarely(fc.constantFrom(NOW - 1, NOW + 1)),
});

const caseArb = fc.record({
  offers: fc.uniqueArray(fc.tuple(fc.constantFrom(...MERCHANTS), offerArb), {
    minLength: 1,
    maxLength: MERCHANTS.length,
    selector: ([merchant]) => merchant,
  }),
  allowed: fc.oneof(
    fc.constant([] as string[]),
    fc.subarray(MERCHANTS, { minLength: 3, maxLength: 4 }),
  ),
  maxPrice: fc.integer({ min: 5_000, max: 20_000 }),
  quantity: fc.integer({ min: 1, max: 3 }),
  strategy: fc.constantFrom('lowest_price' as const, 'earliest_available' as const),
  /** The choice has waited for failing pages since PATIENCE ago (else since a moment ago). */
  impatient: fc.boolean(),
});

type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;
type Generated = Case['offers'][number];

function intentOf(c: Case): IntentDoc {
  return {
    intent_id: 'int_1',
    objective: { product: { product_id: 'prod_1' }, quantity: c.quantity },
    conditions: { max_price_cents: c.maxPrice, currency: 'USD', strategy: c.strategy },
    guardrails: c.allowed.length > 0 ? { allowed_merchants: c.allowed } : {},
    payment: null,
    status: 'waiting',
    waiting_reason: null,
    undecided_since_ms: c.impatient ? NOW - PATIENCE : NOW - 1,
    latest_execution: null,
    expires_at_ms: null,
    livemode: false,
  } as unknown as IntentDoc;
}

const stateOf =
  (c: Case) =>
  ([merchant, g]: Generated): OfferState => {
    const host = g.host ?? merchant;
    return {
      link: {
        link_id: `int_1 ${merchant}`,
        intent_id: 'int_1',
        watch_id: `test https://${merchant}/p`,
        merchant,
        url: `https://${merchant}/p`,
        sku: 'p',
        last_checkout:
          g.checkout && g.price !== null
            ? {
                cost_cents: g.price * c.quantity + g.checkout.extra,
                shipping_cents: Math.max(0, g.checkout.extra),
                at_price_cents: g.checkout.samePrice ? g.price : g.price + 1,
                at_ms: NOW - g.checkout.age,
              }
            : null,
        blocked_at_price_cents: g.blockedAt,
        blocked_until_ms: g.blockedUntil,
      },
      observation: g.observed
        ? {
            price_cents: g.price,
            currency: g.currency,
            availability: g.availability,
            merchant: host,
            observed_at: '2026-12-01T11:59:00.000Z',
            source: 'json-ld',
          }
        : null,
      ambiguous: g.ambiguous,
      failures: g.failures,
      lastError: g.failures > 0 ? 'network' : null,
    };
  };

/** CONTRACT §9 for one offer, written out again: null when it cannot be bought, else its cost. */
function oracle(c: Case, [merchant, g]: Generated): number | null {
  const host = g.host ?? merchant;
  // Not read, or its latest check failed: not known now (pending below), never bought.
  if (!g.observed || g.failures > 0 || g.ambiguous) return null;
  if (c.allowed.length > 0 && !c.allowed.includes(host)) return null;
  if (g.availability !== 'in_stock' && g.availability !== 'limited') return null;
  if (g.currency !== 'USD' || g.price === null || g.price > c.maxPrice) return null;
  if ((g.blockedAt !== null && g.price >= g.blockedAt) || (g.blockedUntil ?? 0) > NOW) return null;
  return g.price * c.quantity + checkoutExtra(g);
}

/**
 * What a checkout there adds for a day: all it cost beyond the page at the price it was read,
 * its shipping (what it cost beyond the items, if anything) at another price.
 */
function checkoutExtra({ checkout }: Generated[1]): number {
  if (!checkout || checkout.age > DAY) return 0;
  return checkout.samePrice ? checkout.extra : Math.max(0, checkout.extra);
}

describe('the choice among offers (property)', () => {
  it('buys an allowed offer that holds, never dearer than another that holds', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const offers = c.offers.map(stateOf(c));
        const result = decideProduct(intentOf(c), offers, NOW, THRESHOLD, PATIENCE);
        const costs = new Map(c.offers.map((o) => [o[0], oracle(c, o)]));
        const holding = [...costs.values()].filter((cost): cost is number => cost !== null);
        // Not read yet, or failed at its latest check: waited for, until the patience is over.
        const pending = c.offers.some(
          ([, g]) =>
            (!g.observed || g.failures > 0) &&
            g.failures < THRESHOLD &&
            !(c.impatient && g.failures > 0),
        );
        if (!result.start) {
          expect(result.decision?.trigger).not.toBe('start_execution');
          // Nothing bought although an offer holds: only lowest_price waiting for a first read.
          if (holding.length > 0) expect(c.strategy === 'lowest_price' && pending).toBe(true);
          return;
        }
        const merchant = result.start.chosen.link_id.split(' ')[1]!;
        const cost = costs.get(merchant);
        expect(cost).not.toBeNull();
        expect(cost).toBeLessThanOrEqual(Math.min(...holding));
        const bought = c.offers.find(([m]) => m === merchant)!;
        const host = bought[1].host ?? merchant;
        if (c.allowed.length > 0) expect(c.allowed).toContain(host);
        expect(result.decision?.data.merchant).toBe(host);
        if (c.strategy === 'lowest_price') expect(pending).toBe(false);
        // Every other offer that holds is an alternative, none cheaper than the one bought.
        expect(result.start.chosen.alternatives).toHaveLength(holding.length - 1);
        for (const other of result.start.chosen.alternatives)
          expect(other.cost_cents).toBeGreaterThanOrEqual(cost!);
      }),
      { numRuns: 2_000 },
    );
  });
});
