import { describe, expect, it } from 'vitest';
import { FetchError } from '../../../engine/index';
import type { OfferLinkDoc } from '../../../engine/schemas/offer-link';
import type { WatchDoc } from '../../../engine/schemas/watch';
import {
  call,
  crashAndRestart,
  crashOnceAt,
  SANDBOX,
  SANDBOX_2,
  setProduct,
  settle,
} from '../../support/world';
import { eventsOf, intentOf, orders, pageAt, SKU, twoShops } from '../../support/two-shops';

/**
 * A product_id intent through the engine and two sandbox shops (127.0.0.1 and 127.0.0.2, each its
 * own merchant): it watches every allowed offer and buys the cheapest that holds, exactly once.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('a product_id intent over two merchants', () => {
  it('buys at the cheaper allowed offer, exactly once, and says which and what the other cost', async () => {
    const { world, id } = await twoShops({ price_cents: 11_000 }, { price_cents: 9_500 });
    await settle(world);
    expect(orders(world)).toEqual({ a: 0, b: 1 });

    const intent = await intentOf(world, id);
    expect(intent.status).toBe('succeeded');
    expect(intent.latest_execution.merchant).toBe('127.0.0.2');
    expect(intent.last_observation).toMatchObject({
      merchant: '127.0.0.2',
      price_cents: 9_500,
      other_offers: [{ merchant: '127.0.0.1', price_cents: 11_000, availability: 'in_stock' }],
    });
    const receipt = (await call(world, 'GET', `/v1/intents/${id}/receipt`)).body;
    expect(receipt.merchant).toBe('127.0.0.2');
    expect(receipt.observed_offer).toMatchObject({ merchant: '127.0.0.2', url: pageAt(SANDBOX_2) });
    expect(receipt.observed_offer.other_offers).toBeUndefined();
    expect(receipt.other_offers).toEqual([
      expect.objectContaining({ merchant: '127.0.0.1', price_cents: 11_000 }),
    ]);
    // Later rounds buy nothing more: the intent is off the monitor's queue.
    world.clock.advance(10 * MINUTE);
    await settle(world);
    expect(orders(world)).toEqual({ a: 0, b: 1 });
  });

  it('never watches nor buys at a merchant allowed_merchants leaves out, even the cheaper one', async () => {
    const { world, id } = await twoShops(
      { price_cents: 11_000 },
      { price_cents: 9_500 },
      { guardrails: { allowed_merchants: ['127.0.0.1'] } },
    );
    const fetched: string[] = [];
    world.onRequest = ({ url }) => void fetched.push(url);
    await settle(world);
    expect(orders(world)).toEqual({ a: 1, b: 0 });
    expect((await intentOf(world, id)).latest_execution.merchant).toBe('127.0.0.1');
    expect(fetched.some((url) => url.startsWith(SANDBOX_2))).toBe(false);
  });

  it('buys at the dearer offer when the cheaper one is out of stock', async () => {
    const { world, id } = await twoShops(
      { price_cents: 11_000 },
      { price_cents: 9_500, availability: 'out_of_stock' },
    );
    await settle(world);
    expect(orders(world)).toEqual({ a: 1, b: 0 });
    expect((await intentOf(world, id)).last_observation.other_offers).toEqual([
      expect.objectContaining({ merchant: '127.0.0.2', availability: 'out_of_stock' }),
    ]);
  });

  it('lowest_price waits for every offer to be read; earliest_available buys the first that holds', async () => {
    for (const strategy of ['lowest_price', 'earliest_available'] as const) {
      const { world, id } = await twoShops(
        { price_cents: 11_000 },
        { price_cents: 9_500 },
        { conditions: { max_price_cents: 12_000, currency: 'USD', strategy } },
      );
      // The cheaper shop's page cannot be read at the first check.
      let failOnce = true;
      world.onRequest = ({ url }) => {
        if (failOnce && url === pageAt(SANDBOX_2)) {
          failOnce = false;
          throw new FetchError('network', 'connection reset');
        }
      };
      await settle(world);
      if (strategy === 'earliest_available') {
        expect(orders(world)).toEqual({ a: 1, b: 0 });
        continue;
      }
      expect(orders(world)).toEqual({ a: 0, b: 0 });
      expect((await intentOf(world, id)).status).toBe('active');
      world.clock.advance(2 * MINUTE);
      await settle(world);
      expect(orders(world)).toEqual({ a: 0, b: 1 });
    }
  });

  it('lowest_price buys the other offer once a page has failed past the threshold', async () => {
    const { world, id } = await twoShops({ price_cents: 11_000 }, { price_cents: 9_500 });
    world.onRequest = ({ url }) => {
      if (url === pageAt(SANDBOX_2)) throw new FetchError('network', 'connection reset');
    };
    // Each check of the failing page when it is due again (1, then 2 minutes later: backoff).
    for (let check = 0; check < 3; check++) {
      expect(orders(world)).toEqual({ a: 0, b: 0 });
      await settle(world);
      world.clock.advance(MINUTE * 2 ** check);
    }
    expect(orders(world)).toEqual({ a: 1, b: 0 });
    expect((await intentOf(world, id)).status).toBe('succeeded');
  });

  it('lowest_price waits three intervals at most for pages that fail by turns, then chooses among those read', async () => {
    const { world, id } = await twoShops({ price_cents: 11_000 }, { price_cents: 9_500 });
    let round = 0;
    world.onRequest = ({ url, method }) => {
      const failing = round % 2 === 0 ? pageAt(SANDBOX_2) : pageAt(SANDBOX);
      if (method === 'GET' && url === failing) throw new FetchError('network', 'connection reset');
    };
    for (; round < 3; round++) {
      await settle(world);
      expect(orders(world)).toEqual({ a: 0, b: 0 });
      world.clock.advance(MINUTE);
    }
    expect((await intentOf(world, id)).status).toBe('active');
    // Three intervals after the first undecided check: the page that failed now is left out.
    await settle(world);
    expect(orders(world)).toEqual({ a: 0, b: 1 });
  });

  it('does not buy at an offer whose page failed at its latest check, on an older read of it', async () => {
    const { world, id } = await twoShops({ price_cents: 9_000 }, { price_cents: 11_000 });
    // First round: the dearer shop's page cannot be read, so lowest_price waits for it.
    let down = SANDBOX_2;
    world.onRequest = ({ url }) => {
      if (url.startsWith(down)) throw new FetchError('network', 'connection reset');
    };
    await settle(world);
    expect((await intentOf(world, id)).status).toBe('active');
    // Then the cheaper shop goes down (its page and its API) while the other page is read.
    down = SANDBOX;
    world.clock.advance(2 * MINUTE);
    await settle(world);
    expect((await eventsOf(world, id)).filter((e) => e.type === 'intent.executing')).toEqual([]);
    // Back up: it is read again and bought.
    down = 'nowhere';
    world.clock.advance(2 * MINUTE);
    await settle(world);
    expect(orders(world)).toEqual({ a: 1, b: 0 });
    expect((await intentOf(world, id)).status).toBe('succeeded');
  });

  it('a checkout whose shipping makes the cheaper page the dearer total is abandoned before paying; the other is bought', async () => {
    // 95.00 + 5.99 shipping (under 100.00) > 100.00 with free shipping.
    const { world, id } = await twoShops({ price_cents: 9_500 }, { price_cents: 10_000 });
    await settle(world);
    await settle(world);
    expect(orders(world)).toEqual({ a: 0, b: 1 });
    const events = await eventsOf(world, id);
    const abandoned = events.find(
      (e) => e.type === 'intent.waiting' && e.data.reason === 'CHEAPER_ELSEWHERE',
    );
    expect(abandoned?.data).toMatchObject({
      attempt: 1,
      cost_cents: 9_500 + 599,
      cheaper_offer: { merchant: '127.0.0.2', cost_cents: 10_000 },
    });
    expect(events.filter((e) => e.type === 'intent.executing').map((e) => e.data.merchant)).toEqual(
      ['127.0.0.1', '127.0.0.2'],
    );
    // Nothing was paid at the first merchant: its session was canceled.
    const sessions = [...world.sandbox.state.sessions.values()];
    expect(sessions.map((s) => s.state)).toEqual(['canceled']);
  });

  it('a page behind its checkout is compared at what the checkout cost, not chosen again and again', async () => {
    const { world } = await twoShops({ price_cents: 9_000 }, { price_cents: 10_000 });
    // The cheaper shop raises its price between our read of its page and our checkout.
    world.onRequest = async ({ url, method }) => {
      if (method === 'POST' && url === `${SANDBOX}/checkout_sessions`)
        await setProduct(world, SKU, { price_cents: 10_500 }, SANDBOX);
    };
    await settle(world);
    await settle(world);
    expect(orders(world)).toEqual({ a: 0, b: 1 });
    expect(world.sandbox.state.sessions.size).toBe(1);
  });

  it('a page whose price moves is compared at its price plus the shipping its checkout stated, without a checkout each time', async () => {
    // 95.00 + 5.99 shipping (under 100.00) > 100.00 with free shipping: the first checkout is abandoned.
    const { world } = await twoShops({ price_cents: 9_500 }, { price_cents: 10_000 });
    await settle(world);
    expect(world.sandbox.state.sessions.size).toBe(1);
    // The cheaper page moves (95.50) and is read again before the other one.
    await setProduct(world, SKU, { price_cents: 9_550 }, SANDBOX);
    await world.store.transact(async (tx) => {
      const other = (await tx.get<WatchDoc>('watches', `test ${pageAt(SANDBOX_2)}`))!;
      await tx.put('watches', { ...other, next_check_at: world.clock.now() + HOUR });
    });
    world.clock.advance(2 * MINUTE);
    await settle(world);
    // 95.50 + 5.99 > 100.00: no second checkout there; the other offer is bought.
    expect(world.sandbox.state.sessions.size).toBe(1);
    expect(orders(world)).toEqual({ a: 0, b: 1 });
  });

  it('compares and caps offers in the intent currency only: a cheaper offer in another is not bought', async () => {
    const { world, id } = await twoShops(
      { price_cents: 10_900, currency: 'GBP' },
      { price_cents: 11_000 },
    );
    await settle(world);
    expect(orders(world)).toEqual({ a: 0, b: 1 });
    expect((await intentOf(world, id)).last_observation.other_offers).toEqual([
      expect.objectContaining({ merchant: '127.0.0.1', currency: 'GBP', price_cents: 10_900 }),
    ]);

    // Every offer in another currency: the intent waits, CURRENCY_MISMATCH.
    const other = await twoShops(
      { price_cents: 10_900 },
      { price_cents: 9_000 },
      {
        conditions: { max_price_cents: 12_000, currency: 'EUR' },
      },
    );
    await settle(other.world);
    expect(orders(other.world)).toEqual({ a: 0, b: 0 });
    expect((await eventsOf(other.world, other.id)).at(-1)).toMatchObject({
      type: 'intent.waiting',
      data: { reason: 'CURRENCY_MISMATCH', currency: 'USD' },
    });
  });

  it('a refusal at one merchant does not block the other', async () => {
    // The cheaper shop's page says in stock, but it has one left and the intent buys two.
    const { world, id } = await twoShops(
      { price_cents: 5_000, stock_quantity: 1, availability: 'in_stock' },
      { price_cents: 5_500 },
      (productId) => ({ objective: { product: { product_id: productId }, quantity: 2 } }),
    );
    await settle(world);
    expect(orders(world)).toEqual({ a: 0, b: 0 });
    expect((await intentOf(world, id)).status).toBe('waiting');
    // A checkout that was not ready to pay teaches no cost: its totals need not be complete.
    const [link] = await world.store.query<OfferLinkDoc>('intent_watches', {
      index: 'by_watch',
      prefix: [`test ${pageAt(SANDBOX)}`],
    });
    expect(link).toMatchObject({ blocked_reason: 'OUT_OF_STOCK', last_checkout: null });
    world.clock.advance(2 * MINUTE);
    await settle(world);
    expect(orders(world)).toEqual({ a: 0, b: 1 });
    // The refusal was kept for the cheaper shop alone: it is still not tried again.
    const executing = (await eventsOf(world, id)).filter((e) => e.type === 'intent.executing');
    expect(executing.map((e) => e.data.merchant)).toEqual(['127.0.0.1', '127.0.0.2']);
  });
});

describe('a product_id intent: crashes', () => {
  for (const point of [
    'create_checkout:started',
    'create_checkout:after_call',
    'verify_totals:started',
    'delegate_payment:after_call',
    'complete_checkout:before_call',
    'complete_checkout:after_call',
    'succeed:before_commit',
  ]) {
    it(`a crash at ${point} buys once, at the merchant chosen`, async () => {
      const { world, id } = await twoShops(
        { price_cents: 11_000 },
        { price_cents: 9_500 },
        {},
        { failpoint: crashOnceAt(point) },
      );
      await settle(world).catch(() => {});
      await crashAndRestart(world);
      world.clock.advance(2 * MINUTE);
      await settle(world);
      expect(orders(world)).toEqual({ a: 0, b: 1 });
      const intent = await intentOf(world, id);
      expect(intent.status).toBe('succeeded');
      const executing = (await eventsOf(world, id)).filter((e) => e.type === 'intent.executing');
      expect(executing).toHaveLength(1);
    });
  }
});
