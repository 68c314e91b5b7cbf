import { describe, expect, it } from 'vitest';
import type { Fetcher, Store } from '../../../engine/index';
import { createMonitor } from '../../../engine/monitor/monitor';
import type { WatchDoc } from '../../../engine/schemas/watch';
import { intentBody, testApi } from '../../support/api';
import { jsonLd, page, productWithOffers } from '../extract/pages';

const MINUTE = 60_000;
const SHOP = 'https://shop.example.com/products';
const PAGE = page(
  '<h1>Kettle</h1>',
  jsonLd(productWithOffers('Kettle', [{ sku: 'k-1', price: '80.00' }])),
);

/**
 * A monitor on a store whose next transaction after a fetch of `failingUrl` fails once (the
 * check's write of that page), as a conflict that outlasted the store's retries would.
 */
async function setup(failingUrl: string) {
  const api = await testApi();
  const fetched: string[] = [];
  let failNext = false;
  let failed = false;
  const store: Store = {
    ...api.engine.ctx.store,
    transact(work) {
      if (failNext) {
        failNext = false;
        return Promise.reject(new Error('serialization conflicts outlasted the budget'));
      }
      return api.engine.ctx.store.transact(work);
    },
  };
  const fetcher: Fetcher = {
    async fetch({ url }) {
      fetched.push(url);
      if (url === failingUrl && !failed) failNext = failed = true;
      return { status: 200, url, headers: {}, body: PAGE };
    },
  };
  const monitor = createMonitor(
    { ...api.engine.ctx, store },
    { fetcherFor: () => fetcher, intervalMs: MINUTE, jitter: 0, concurrency: 1 },
  );
  const create = async (url: string) => {
    const body = intentBody({
      objective: { product: { product_url: url, quantity: 1 } },
      conditions: { availability: 'in_stock', max_price_cents: 5_000, currency: 'USD' },
    });
    const created = await api.call('POST', '/v1/intents', { body });
    expect(created.status).toBe(201);
    return created.body.intent_id as string;
  };
  const status = async (id: string) => (await api.call('GET', `/v1/intents/${id}`)).body.status;
  const watchOf = async (url: string) => {
    const watches = await api.engine.ctx.store.query<WatchDoc>('watches', {
      index: 'by_due',
      prefix: [],
    });
    return watches.find((watch) => watch.url === url)!;
  };
  return { api, monitor, fetched, create, status, watchOf };
}

describe('a check whose write fails', () => {
  it('holds up no other watch, and its page is checked again within seconds, not when the claim runs out', async () => {
    const failing = `${SHOP}/a`;
    const { api, monitor, fetched, create, status, watchOf } = await setup(failing);
    const a = await create(failing);
    const b = await create(`${SHOP}/b`);

    await expect(monitor.round()).rejects.toThrow('outlasted the budget');
    expect(fetched.sort()).toEqual([failing, `${SHOP}/b`]);
    expect(await status(b)).toBe('waiting');
    expect(await status(a)).toBe('active');
    const given = await watchOf(failing);
    expect(given.claimed_by ?? null).toBeNull();
    expect(given.next_check_at).toBeLessThanOrEqual(api.clock.now() + 5_000);
    expect(given.last_observation ?? null).toBeNull();

    api.clock.advance(5_000);
    const again = await monitor.round();
    expect(again.watches).toBe(1);
    expect(fetched.filter((url) => url === failing)).toHaveLength(2);
    expect(await status(a)).toBe('waiting');
  });
});
