import { describe, expect, it } from 'vitest';
import type { ProductCandidate } from '../../../engine/contract';
import {
  alsoAtOf,
  lookupBody,
  type OfferElsewhere,
  type PageProduct,
} from '../../../components/stores/also-at';

const PAGE = 'https://shop-a.example/p/kettle';

const page = (overrides: Partial<PageProduct> = {}): PageProduct => ({
  urls: [PAGE],
  merchant: 'shop-a.example',
  currency: 'USD',
  title: 'Kaldor Kettle 1.7 L',
  brand: 'Kaldor',
  gtin: null,
  mpn: null,
  sku: 'KET-17',
  ...overrides,
});

const offer = (merchant: string, price: number | null, extra: Partial<OfferElsewhere> = {}) => ({
  merchant,
  url: `https://${merchant}/kettle`,
  price_cents: price,
  currency: price === null ? null : 'USD',
  availability: 'in_stock' as const,
  observed_at: '2026-11-26T10:00:00.000Z',
  ...extra,
});

const candidate = (overrides: Partial<ProductCandidate> = {}): ProductCandidate => ({
  product_id: 'prod_1',
  name: 'Kaldor Kettle',
  brand: 'Kaldor',
  identifiers: { gtin: null, upc: null, ean: null, mpn: null, sku: null },
  image: null,
  category: null,
  merchant_coverage: [],
  offers: [],
  match: 'identifier',
  score: 1,
  ...overrides,
});

describe('the catalog lookup of the page in the popup', () => {
  it('asks by barcode as the query (a one-word identifier: never a 400 for a bad check digit)', () => {
    expect(lookupBody(page({ gtin: '4006381-333931' }))).toEqual({
      query: '4006381333931',
      identifiers: { sku: 'KET-17' },
      limit: 5,
    });
  });

  it('asks by title without a barcode, with the MPN only beside a brand', () => {
    expect(lookupBody(page({ mpn: 'KAL-17' }))?.identifiers).toEqual({
      mpn: 'KAL-17',
      sku: 'KET-17',
    });
    expect(lookupBody(page({ mpn: 'KAL-17', brand: null }))?.identifiers).toEqual({
      sku: 'KET-17',
    });
    expect(lookupBody(page())?.query).toBe('Kaldor Kettle 1.7 L');
    expect(lookupBody(page({ title: 'x'.repeat(300) }))?.query).toHaveLength(200);
  });

  it('leaves out codes the API would refuse, and asks nothing of a page that names nothing', () => {
    expect(lookupBody(page({ sku: 'S'.repeat(65) }))).not.toHaveProperty('identifiers');
    expect(lookupBody(page({ title: '  ', sku: null }))).toBeNull();
    expect(lookupBody(page({ title: null, sku: 'KET-17' }))?.query).toBe('KET-17');
  });
});

describe('"also at" from the catalog candidates', () => {
  it('is the same GTIN however the page writes it (an EAN-13 and its GTIN-14)', () => {
    const found = alsoAtOf(
      [
        candidate({
          identifiers: { gtin: '04006381333931', upc: null, ean: null, mpn: null, sku: null },
          offers: [offer('shop-a.example', 5_000), offer('shop-b.example', 4_500)],
        }),
      ],
      page({ gtin: '4006381333931' }),
    );
    expect(found).toEqual({
      productId: 'prod_1',
      name: 'Kaldor Kettle',
      offers: [offer('shop-b.example', 4_500)],
      hereListed: true,
    });
    const unlisted = alsoAtOf(
      [
        candidate({
          identifiers: { gtin: '04006381333931', upc: null, ean: null, mpn: null, sku: null },
          offers: [offer('shop-b.example', 4_500)],
        }),
      ],
      page({ gtin: '4006381333931' }),
    );
    expect(unlisted?.hereListed).toBe(false);
  });

  it('matches brand + MPN (case and separators ignored), or the page among the offers; never a name', () => {
    const byMpn = candidate({
      brand: 'KALDOR',
      identifiers: { gtin: null, upc: null, ean: null, mpn: 'kal 17', sku: null },
      offers: [offer('shop-b.example', 4_500)],
    });
    expect(alsoAtOf([byMpn], page({ mpn: 'KAL-17' }))?.productId).toBe('prod_1');
    expect(alsoAtOf([byMpn], page({ mpn: 'KAL-17', brand: 'Other' }))).toBeNull();

    const byUrl = candidate({
      offers: [{ ...offer('shop-a.example', 5_000), url: PAGE }, offer('shop-b.example', 4_500)],
    });
    expect(alsoAtOf([byUrl], page())?.offers.map((o) => o.merchant)).toEqual(['shop-b.example']);
    const lookalike = candidate({ offers: [offer('shop-b.example', 4_500)] });
    expect(alsoAtOf([lookalike], page())).toBeNull();
  });

  it('lists other merchants cheapest first, unpriced last, none in another currency', () => {
    const found = alsoAtOf(
      [
        candidate({
          offers: [
            { ...offer('shop-a.example', 5_000), url: PAGE },
            offer('shop-c.example', null),
            offer('shop-d.example', 3_000, { currency: 'EUR' }),
            offer('shop-e.example', 4_900),
            offer('shop-b.example', 4_500),
          ],
        }),
      ],
      page(),
    );
    expect(found?.offers.map((o) => o.merchant)).toEqual([
      'shop-b.example',
      'shop-e.example',
      'shop-c.example',
    ]);
  });

  it('is null when the page’s product has no other merchant', () => {
    expect(
      alsoAtOf([candidate({ offers: [{ ...offer('shop-a.example', 1), url: PAGE }] })], page()),
    ).toBeNull();
    expect(alsoAtOf([], page())).toBeNull();
  });

  it('takes the matching candidate with the most other merchants', () => {
    const gtin = { gtin: '04006381333931', upc: null, ean: null, mpn: null, sku: null };
    const found = alsoAtOf(
      [
        candidate({ product_id: 'prod_1', identifiers: gtin, offers: [offer('b.example', 1)] }),
        candidate({
          product_id: 'prod_2',
          identifiers: gtin,
          offers: [offer('b.example', 1), offer('c.example', 2)],
        }),
      ],
      page({ gtin: '4006381333931' }),
    );
    expect(found?.productId).toBe('prod_2');
  });
});
