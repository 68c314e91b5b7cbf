import { describe, expect, it } from 'vitest';
import { extractProduct } from '../../../engine/extract';
import { jsonLd, page, productWithOffers, type OfferSpec } from './pages';

const URL = 'https://shop.example/products/tee';

const sizes: OfferSpec[] = [
  { sku: 'TEE-S', price: '20.00', name: 'Tee - S', url: `${URL}?variant=101` },
  { sku: 'TEE-M', price: '20.00', name: 'Tee - M', url: `${URL}?variant=102` },
  {
    sku: 'TEE-XL',
    price: '24.00',
    name: 'Tee - XL',
    url: `${URL}?variant=103`,
    availability: 'https://schema.org/OutOfStock',
  },
];

const teePage = page(
  '<h1>Tee</h1><span class="price">$20.00</span>',
  jsonLd(productWithOffers('Tee', sizes)),
);

describe('offer selection', () => {
  it('returns no offer and says ambiguous when variants differ and none is asked for', () => {
    const result = extractProduct(teePage, URL);
    expect(result.offer).toBeNull();
    expect(result.ambiguous).toBe(true);
    expect(result.offers.map((o) => o.sku)).toEqual(['TEE-S', 'TEE-M', 'TEE-XL']);
  });

  it('picks the variant whose sku is asked for, whatever its case', () => {
    const result = extractProduct(teePage, URL, { variant: 'tee-xl' });
    expect(result.ambiguous).toBe(false);
    expect(result.offer).toMatchObject({
      sku: 'TEE-XL',
      price_cents: 2400,
      availability: 'out_of_stock',
    });
    expect(result.identifiers.sku).toBe('TEE-XL');
  });

  it('picks the variant by a segment of its name, not by every name containing the letter', () => {
    const result = extractProduct(teePage, URL, { variant: 'M' });
    expect(result.offer).toMatchObject({ sku: 'TEE-M', price_cents: 2000 });
  });

  it('picks the variant by the id in its URL', () => {
    expect(extractProduct(teePage, URL, { variant: '103' }).offer?.sku).toBe('TEE-XL');
  });

  it('follows ?variant= in the page URL when no variant is given', () => {
    expect(extractProduct(teePage, `${URL}?variant=101`).offer?.sku).toBe('TEE-S');
  });

  it('lets an explicit variant win over the page URL', () => {
    expect(extractProduct(teePage, `${URL}?variant=101`, { variant: 'TEE-M' }).offer?.sku).toBe(
      'TEE-M',
    );
  });

  it('returns no offer when the asked-for variant is not on the page', () => {
    const result = extractProduct(teePage, URL, { variant: 'XXXL-PURPLE' });
    expect(result.offer).toBeNull();
    expect(result.offers).toHaveLength(3);
  });

  it('returns the offer when all variants agree on price, currency and stock', () => {
    const same = sizes.slice(0, 2);
    const result = extractProduct(page('', jsonLd(productWithOffers('Tee', same))), URL);
    expect(result.ambiguous).toBe(false);
    expect(result.offer).toMatchObject({
      price_cents: 2000,
      currency: 'USD',
      availability: 'in_stock',
    });
  });

  it('says ambiguous when variants differ only in stock', () => {
    const offers: OfferSpec[] = [
      { sku: 'A', price: 10 },
      { sku: 'B', price: 10, availability: 'OutOfStock' },
    ];
    const result = extractProduct(page('', jsonLd(productWithOffers('Cap', offers))), URL);
    expect(result.offer).toBeNull();
    expect(result.ambiguous).toBe(true);
  });

  it('says ambiguous for a price range without its offers', () => {
    const range = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Yarn',
      offers: {
        '@type': 'AggregateOffer',
        lowPrice: '22.00',
        highPrice: '36.00',
        priceCurrency: 'AUD',
      },
    };
    const result = extractProduct(page('', jsonLd(range)), URL);
    expect(result.offer).toBeNull();
    expect(result.ambiguous).toBe(true);
    expect(result.offers.map((o) => o.price_cents)).toEqual([2200, 3600]);
  });

  it('returns the single offer of a page whatever variant is asked for', () => {
    const one = [{ sku: 'ONLY', price: '5.00' }];
    const result = extractProduct(page('', jsonLd(productWithOffers('Pin', one))), URL, {
      variant: 'Blue',
    });
    expect(result.offer).toMatchObject({ sku: 'ONLY', price_cents: 500 });
  });

  it('lowers its confidence when it cannot choose', () => {
    const chosen = extractProduct(teePage, URL, { variant: 'TEE-S' });
    const unchosen = extractProduct(teePage, URL);
    expect(unchosen.confidence).toBeLessThan(chosen.confidence);
  });
});

describe('offer selection from the page URL', () => {
  it('ignores a stale ?variant= that names no offer on the page', () => {
    const same = sizes.slice(0, 2);
    const html = page('', jsonLd(productWithOffers('Tee', same)));
    expect(extractProduct(html, `${URL}?variant=999`).offer).toMatchObject({ price_cents: 2000 });
    expect(extractProduct(teePage, `${URL}?variant=999`)).toMatchObject({
      offer: null,
      ambiguous: true,
    });
  });
});
