import { describe, expect, it } from 'vitest';
import { createEngine, createMemoryStore, TABLES, type Fetcher } from '../../../engine/index';
import { createMonitor } from '../../../engine/monitor/monitor';
import { countingWrites } from '../../support/catalog';
import { fakeClock } from '../../support/clock';

const HOUR = 60 * 60 * 1000;

/** A product page with schema.org JSON-LD: brand, GTIN and MPN, one offer. */
const page = (price: string, name = 'Norvik Aero 5 Wireless Headphones') =>
  `<!doctype html><html><head><title>${name}</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"${name}",
"brand":{"@type":"Brand","name":"Norvik"},"gtin13":"0036000291452","mpn":"NV-A5","sku":"A5-BLK",
"offers":{"@type":"Offer","price":"${price}","priceCurrency":"USD","availability":"https://schema.org/InStock"}}</script>
</head><body><h1>${name}</h1></body></html>`;

async function setup() {
  const { store, counter } = countingWrites(createMemoryStore(TABLES));
  const clock = fakeClock();
  const engine = createEngine({ store, clock });
  const test = (await engine.keys.create('acme')).key;
  const live = (await engine.keys.create('acme', true)).key;
  const pages = new Map<string, string>([
    ['https://shop-a.example.com/aero-5', page('199.00')],
    ['https://www.shop-b.example.com/p/77', page('185.00', 'Aero 5 by Norvik, black')],
  ]);
  const fetcher: Fetcher = {
    fetch: async ({ url }) => ({ status: 200, url, headers: {}, body: pages.get(url) ?? '' }),
  };
  const monitor = createMonitor(engine.ctx, {
    fetcherFor: () => fetcher,
    intervalMs: 60_000,
    jitter: 0,
  });
  const call = async (path: string, body: unknown, key = test) => {
    const res = await engine.fetch(
      new Request(`http://api.test${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
    return (await res.json()) as any;
  };
  for (const url of pages.keys()) {
    await call('/v1/intents', {
      type: 'purchase',
      external_user_id: 'u',
      objective: { product: { product_url: url } },
      conditions: { max_price_cents: 10_000, currency: 'USD' },
    });
  }
  const resolve = async (query: string, key = test) =>
    (await call('/v1/resolve/products', { query }, key)).candidates;
  return { engine, clock, counter, pages, monitor, resolve, live };
}

describe('pages the monitor reads enter the catalog', () => {
  it('one product read at two merchants: one product_id, both offers with their latest price', async () => {
    const t = await setup();
    await t.monitor.round();
    const candidates = await t.resolve('norvik aero 5');
    expect(candidates).toHaveLength(1);
    expect(candidates[0]).toMatchObject({
      name: expect.stringMatching(/Aero 5/),
      brand: 'Norvik',
      identifiers: { gtin: '00036000291452', ean: '0036000291452', mpn: 'NV-A5', sku: 'A5-BLK' },
      merchant_coverage: ['shop-a.example.com', 'shop-b.example.com'],
      offers: [
        { merchant: 'shop-a.example.com', price_cents: 19_900, availability: 'in_stock' },
        {
          merchant: 'shop-b.example.com',
          price_cents: 18_500,
          url: 'https://www.shop-b.example.com/p/77',
        },
      ],
    });
    // Test pages stay in the test catalog.
    expect(await t.resolve('norvik aero 5', t.live)).toEqual([]);
  });

  it('writes nothing to the catalog for a page that says the same, then refreshes it hourly', async () => {
    const t = await setup();
    await t.monitor.round();
    const [first] = await t.resolve('norvik aero 5');
    const catalogWrites = async () => {
      t.counter.byTable = {};
      await t.monitor.round();
      const { products = 0, catalog_offers: offers = 0 } = t.counter.byTable;
      return { products, offers };
    };
    t.clock.advance(60_000);
    expect(await catalogWrites()).toEqual({ products: 0, offers: 0 });
    t.clock.advance(HOUR);
    expect(await catalogWrites()).toEqual({ products: 0, offers: 2 });
    const [later] = await t.resolve('norvik aero 5');
    expect(later.offers[0].observed_at > first.offers[0].observed_at).toBe(true);
  });

  it('updates the offer when the price changes', async () => {
    const t = await setup();
    await t.monitor.round();
    t.pages.set('https://shop-a.example.com/aero-5', page('149.00'));
    t.clock.advance(60_000);
    await t.monitor.round();
    const [candidate] = await t.resolve('norvik aero 5');
    expect(candidate.offers[0]).toMatchObject({
      merchant: 'shop-a.example.com',
      price_cents: 14_900,
      observed_at: new Date(t.clock.now()).toISOString(),
    });
  });
});
