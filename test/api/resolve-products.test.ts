import { describe, expect, it } from 'vitest';
import { testApi } from '../support/api';
import { sighting } from '../support/catalog';

type Api = Awaited<ReturnType<typeof testApi>>;

const resolve = (
  api: Api,
  body: unknown,
  options: { key?: string; headers?: Record<string, string> } = {},
) => api.call('POST', '/v1/resolve/products', { body, ...options });

/** Norvik headphones at two shops (one GTIN), a look-alike Pro, a Kaldor kettle, a live product. */
async function seeded() {
  const api = await testApi();
  const gtin = '036000291452';
  await api.engine.catalog.importProducts([
    sighting({
      name: 'Norvik Aero 5 Wireless Headphones Black',
      brand: 'Norvik',
      category: 'Audio > Headphones',
      image: 'https://cdn.example.com/aero5.jpg',
      identifiers: { gtin, mpn: 'NV-A5-BK', sku: null },
      offer: { sku: 'A5-BLK' },
    }),
    sighting({
      name: 'Aero 5 headphones',
      identifiers: { gtin, mpn: null, sku: null },
      offer: {
        merchant: 'shop-b.example.com',
        url: 'https://shop-b.example.com/item/77',
        price_cents: 18_500,
        availability: 'out_of_stock',
      },
    }),
    sighting({
      name: 'Norvik Aero 5 Pro Wireless Headphones Black',
      brand: 'Norvik',
      identifiers: { gtin: '4006381333931', mpn: 'NV-A5P-BK', sku: null },
      offer: { merchant: 'shop-b.example.com', url: 'https://shop-b.example.com/item/78' },
    }),
    sighting({
      name: 'Kaldor Electric Kettle 1.7 L Brushed Steel',
      brand: 'Kaldor',
      identifiers: { gtin: null, mpn: null, sku: 'KAL-KETTLE-17' },
      offer: { url: 'https://shop-a.example.com/kettle', sku: 'KAL-KETTLE-17' },
    }),
    sighting({ mode: 'live', name: 'Norvik Aero 5 Live Edition' }),
  ]);
  return api;
}

const names = (res: { body: { candidates: { name: string }[] } }) =>
  res.body.candidates.map((c) => c.name);

describe('POST /v1/resolve/products', () => {
  it('answers 200 with candidates: the product, its identifiers, every covered merchant’s latest price, a score', async () => {
    const api = await seeded();
    const res = await resolve(api, { query: 'norvik aero 5 black' });
    expect(res.status).toBe(200);
    expect(res.body.request_id).toMatch(/^req_/);
    expect(res.headers.get('x-request-id')).toBe(res.body.request_id);
    expect(names(res)).toEqual([
      'Norvik Aero 5 Wireless Headphones Black',
      'Norvik Aero 5 Pro Wireless Headphones Black',
    ]);
    const [best, second] = res.body.candidates;
    expect(best).toEqual({
      product_id: expect.stringMatching(/^prod_/),
      name: 'Norvik Aero 5 Wireless Headphones Black',
      brand: 'Norvik',
      identifiers: {
        gtin: '00036000291452',
        upc: '036000291452',
        ean: '0036000291452',
        mpn: 'NV-A5-BK',
        sku: null,
      },
      image: 'https://cdn.example.com/aero5.jpg',
      category: 'Audio > Headphones',
      merchant_coverage: ['shop-a.example.com', 'shop-b.example.com'],
      offers: [
        {
          merchant: 'shop-a.example.com',
          url: 'https://shop-a.example.com/p/aero-5',
          price_cents: 19_900,
          currency: 'USD',
          availability: 'in_stock',
          observed_at: '2026-11-22T09:00:00.000Z',
        },
        {
          merchant: 'shop-b.example.com',
          url: 'https://shop-b.example.com/item/77',
          price_cents: 18_500,
          currency: 'USD',
          availability: 'out_of_stock',
          observed_at: '2026-11-22T09:00:00.000Z',
        },
      ],
      match: 'text',
      score: 0.99,
    });
    expect(second.score).toBeGreaterThan(0);
    expect(second.score).toBeLessThan(best.score);
  });

  it('tolerates typos and reads the last word as a prefix', async () => {
    const api = await seeded();
    expect(names(await resolve(api, { query: 'kaldr electrik kettle' }))[0]).toBe(
      'Kaldor Electric Kettle 1.7 L Brushed Steel',
    );
    expect(names(await resolve(api, { query: 'kaldor ket' }))).toEqual([
      'Kaldor Electric Kettle 1.7 L Brushed Steel',
    ]);
    expect(names(await resolve(api, { query: 'norvik aero 5 pr' }))[0]).toBe(
      'Norvik Aero 5 Pro Wireless Headphones Black',
    );
  });

  it.each([
    ['identifiers.gtin', { identifiers: { gtin: '4006381333931' } }],
    ['identifiers.ean as printed', { identifiers: { ean: '4 006381 333931' } }],
    ['identifiers.mpn, any punctuation', { identifiers: { mpn: 'nv a5p bk' } }],
    ['a query that is the MPN', {}, 'NV-A5P-BK'],
    ['a query that is the EAN', {}, '4006381333931'],
  ])(
    'ranks an exact identifier first, whatever the text says: %s',
    async (_what, extra, query = 'kettle') => {
      const api = await seeded();
      const res = await resolve(api, { query, ...extra });
      expect(res.body.candidates[0]).toMatchObject({
        name: 'Norvik Aero 5 Pro Wireless Headphones Black',
        match: 'identifier',
        score: 1,
      });
    },
  );

  it('finds a product by a merchant’s own sku', async () => {
    const api = await seeded();
    const res = await resolve(api, { query: 'headphones', identifiers: { sku: 'A5-BLK' } });
    expect(res.body.candidates[0]).toMatchObject({
      name: 'Norvik Aero 5 Wireless Headphones Black',
      match: 'identifier',
    });
  });

  it('keeps to allowed_merchants: only products they cover, and only their offers', async () => {
    const api = await seeded();
    const res = await resolve(api, {
      query: 'norvik aero 5',
      allowed_merchants: ['WWW.Shop-B.example.com'],
    });
    expect(names(res)).toEqual([
      'Norvik Aero 5 Wireless Headphones Black',
      'Norvik Aero 5 Pro Wireless Headphones Black',
    ]);
    expect(res.body.candidates[0].merchant_coverage).toEqual(['shop-b.example.com']);
    expect(res.body.candidates[0].offers.map((o: { merchant: string }) => o.merchant)).toEqual([
      'shop-b.example.com',
    ]);
    const none = await resolve(api, { query: 'kettle', allowed_merchants: ['shop-b.example.com'] });
    expect(none.body.candidates).toEqual([]);
  });

  it('answers 200 with no candidates when nothing matches', async () => {
    const api = await seeded();
    const res = await resolve(api, { query: 'zeppelin' });
    expect(res.status).toBe(200);
    expect(res.body.candidates).toEqual([]);
  });

  it('returns at most `limit` candidates, 10 by default', async () => {
    const api = await testApi();
    await api.engine.catalog.importProducts(
      Array.from({ length: 60 }, (_, i) =>
        sighting({ name: `Blue Mug ${i}`, offer: { url: `https://shop.example.com/mug/${i}` } }),
      ),
    );
    expect((await resolve(api, { query: 'blue mug' })).body.candidates).toHaveLength(10);
    expect((await resolve(api, { query: 'blue mug', limit: 3 })).body.candidates).toHaveLength(3);
    expect((await resolve(api, { query: 'blue mug', limit: 50 })).body.candidates).toHaveLength(50);
  });

  it('searches the catalog of the key’s mode only', async () => {
    const api = await seeded();
    const live = (await api.engine.keys.create('acme', true)).key;
    expect(names(await resolve(api, { query: 'norvik aero 5' }, { key: live }))).toEqual([
      'Norvik Aero 5 Live Edition',
    ]);
  });

  it('is a search: read-only keys may call it', async () => {
    const api = await seeded();
    const reader = (await api.engine.keys.create('acme', false, { readOnly: true })).key;
    const res = await resolve(api, { query: 'kettle' }, { key: reader });
    expect(res.status).toBe(200);
    expect(names(res)).toHaveLength(1);
  });

  it('replays its first answer to the same Idempotency-Key and body, like every POST', async () => {
    const api = await seeded();
    const headers = { 'Idempotency-Key': 'search-1' };
    const first = await resolve(api, { query: 'kettle' }, { headers });
    await api.engine.catalog.importProducts([
      sighting({ name: 'Kaldor Gooseneck Kettle', offer: { url: 'https://shop-a.example.com/g' } }),
    ]);
    const again = await resolve(api, { query: 'kettle' }, { headers });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(names(await resolve(api, { query: 'kettle' }))).toHaveLength(2);
    const other = await resolve(api, { query: 'norvik' }, { headers });
    expect([other.status, other.body.error.code]).toEqual([422, 'idempotency_conflict']);
  });

  it.each<[string, unknown, string, string]>([
    ['no query', {}, 'parameter_missing', 'query'],
    ['an empty query', { query: '   ' }, 'parameter_invalid', 'query'],
    ['a query that is not text', { query: 5 }, 'parameter_invalid', 'query'],
    ['a query over 200 characters', { query: 'x'.repeat(201) }, 'parameter_invalid', 'query'],
    [
      'a GTIN whose check digit fails',
      { query: 'a', identifiers: { gtin: '036000291453' } },
      'parameter_invalid',
      'identifiers.gtin',
    ],
    [
      'a UPC of 13 digits',
      { query: 'a', identifiers: { upc: '4006381333931' } },
      'parameter_invalid',
      'identifiers.upc',
    ],
    [
      'an EAN of 12 digits',
      { query: 'a', identifiers: { ean: '036000291452' } },
      'parameter_invalid',
      'identifiers.ean',
    ],
    [
      'an empty mpn',
      { query: 'a', identifiers: { mpn: '' } },
      'parameter_invalid',
      'identifiers.mpn',
    ],
    [
      'an unknown identifier',
      { query: 'a', identifiers: { isbn: '1' } },
      'parameter_unknown',
      'identifiers.isbn',
    ],
    [
      'allowed_merchants not a list',
      { query: 'a', allowed_merchants: 'shop.example.com' },
      'parameter_invalid',
      'allowed_merchants',
    ],
    [
      'an empty allowed_merchants',
      { query: 'a', allowed_merchants: [] },
      'parameter_invalid',
      'allowed_merchants',
    ],
    [
      'a merchant that is not a host',
      { query: 'a', allowed_merchants: ['ok.example.com', 'not a host'] },
      'parameter_invalid',
      'allowed_merchants[1]',
    ],
    ['limit 0', { query: 'a', limit: 0 }, 'parameter_invalid', 'limit'],
    ['limit 51', { query: 'a', limit: 51 }, 'parameter_invalid', 'limit'],
    ['a fractional limit', { query: 'a', limit: 2.5 }, 'parameter_invalid', 'limit'],
    ['a limit as text', { query: 'a', limit: '10' }, 'parameter_invalid', 'limit'],
    ['an unknown field', { query: 'a', location: {} }, 'parameter_unknown', 'location'],
  ])('refuses %s: 400 %s naming %s', async (_what, body, code, param) => {
    const api = await testApi();
    const res = await resolve(api, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code, param });
  });

  it('refuses a body that is not JSON (400) or not sent as JSON (415)', async () => {
    const api = await testApi();
    const broken = await api.call('POST', '/v1/resolve/products', {
      raw: '{"query":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe('invalid_json');
    const text = await api.call('POST', '/v1/resolve/products', {
      raw: 'query=kettle',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(text.status).toBe(415);
  });
});
