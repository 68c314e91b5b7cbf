import { describe, expect, it } from 'vitest';
import { extractProduct } from '../../../engine/extract';
import { jsonLd, page, productWithOffers } from './pages';

/**
 * What a page says that must not be taken at its word: the merchant it names, a range or a
 * "from" bound given as the price, a symbol and a currency code that disagree, a variant that is
 * only a substring of another. Each reading here would let an intent execute on a wrong basis.
 */

const product = (offers: unknown, extra: Record<string, unknown> = {}) =>
  page(
    '<h1>Lamp</h1>',
    jsonLd({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Lamp',
      offers,
      ...extra,
    }),
  );

describe('extraction trusts the page only where it may', () => {
  it('takes the merchant from the host fetched, not from a canonical link the page declares', () => {
    const html = product({ '@type': 'Offer', price: '50.00', priceCurrency: 'USD' }, {}).replace(
      '</head>',
      '<link rel="canonical" href="https://allowed-shop.com/p/1"></head>',
    );
    const result = extractProduct(html, 'https://www.shop-a.com/p/1');
    expect(result.canonical_url).toBe('https://allowed-shop.com/p/1');
    expect(result.merchant).toBe('shop-a.com');
  });

  it('reads a price range as no price', () => {
    const result = extractProduct(
      product({ '@type': 'Offer', price: '99.00 - 199.00', priceCurrency: 'USD' }),
      'https://shop.example/lamp',
    );
    expect(result.offer?.price_cents ?? null).toBeNull();
  });

  it('reads an AggregateOffer with only a lowPrice as ambiguous, not as that price', () => {
    const result = extractProduct(
      product({ '@type': 'AggregateOffer', lowPrice: '19.00', priceCurrency: 'USD' }),
      'https://shop.example/lamp',
    );
    expect(result.offer).toBeNull();
    expect(result.ambiguous).toBe(true);
  });

  it('reads a priceSpecification from minPrice to maxPrice as no price', () => {
    const result = extractProduct(
      product({
        '@type': 'Offer',
        priceSpecification: {
          '@type': 'PriceSpecification',
          minPrice: '10.00',
          maxPrice: '40.00',
          priceCurrency: 'USD',
        },
      }),
      'https://shop.example/lamp',
    );
    expect(result.offer?.price_cents ?? null).toBeNull();
  });

  it('still reads minPrice alone, or equal to maxPrice, as the price', () => {
    const result = extractProduct(
      product({
        '@type': 'Offer',
        priceSpecification: { minPrice: '10.00', maxPrice: '10.00', priceCurrency: 'USD' },
      }),
      'https://shop.example/lamp',
    );
    expect(result.offer?.price_cents).toBe(1000);
  });

  it('trusts neither a symbol nor a code that disagree (€100 declared as USD)', () => {
    const result = extractProduct(
      product({ '@type': 'Offer', price: '€100', priceCurrency: 'USD' }),
      'https://shop.example/lamp',
    );
    expect(result.offer?.price_cents ?? null).toBeNull();
  });

  it('takes the product the page title names, not an accessory listed before it', () => {
    const node = (name: string, price: string, availability: string) => ({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name,
      offers: { '@type': 'Offer', price, priceCurrency: 'USD', availability },
    });
    const html = `<!doctype html><html><head><title>Lamp Shade Deluxe | Shop</title>${jsonLd([
      node('Lamp', '5.00', 'https://schema.org/InStock'),
      node('Lamp Shade Deluxe', '500.00', 'https://schema.org/OutOfStock'),
    ])}</head><body><h1>Lamp Shade Deluxe</h1></body></html>`;
    const result = extractProduct(html, 'https://shop.example/lamp-shade');
    expect(result.offer).toMatchObject({ price_cents: 50_000, availability: 'out_of_stock' });
  });

  it.each([
    ['From $19.99', null],
    ['$19.99 – $99.99', null],
    ['ab 19,99 €', null],
  ])('reads the visible text %j as no price', (shown, cents) => {
    const html = page(`<h1>Lamp</h1><span class="product-price">${shown}</span>`);
    expect(extractProduct(html, 'https://shop.example/lamp').offer?.price_cents ?? null).toBe(
      cents,
    );
  });

  it('reads no price from a WooCommerce range (each end in its own .amount)', () => {
    const html = page(
      '<h1>Lamp</h1><p class="price"><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">$</span>19.99</bdi></span> &ndash; <span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">$</span>99.99</bdi></span></p>',
    );
    expect(extractProduct(html, 'https://shop.example/lamp').offer?.price_cents ?? null).toBeNull();
  });

  it('reads a product whose title says "Not Found" like any other', () => {
    const html = `<html><head><title>Lost and Not Found (Hardcover) | Books</title></head><body>
      <h1>Lost and Not Found</h1><div class="price">$25.00</div><p>In stock</p></body></html>`;
    expect(extractProduct(html, 'https://books.example/lost').offer?.price_cents).toBe(2500);
  });

  it('does not take an instalment for the price', () => {
    const html = page(
      '<h1>Lamp</h1><p class="price-note">or 4 payments of $25.00</p><span class="product-price">$100.00</span>',
    );
    expect(extractProduct(html, 'https://shop.example/lamp').offer?.price_cents).toBe(10_000);
  });

  it.each([
    ['S', ['Shirt - M', 'Shirt - L']],
    ['XL', ['Shirt - XXL', 'Shirt - L']],
  ])('does not take variant %s for one whose name merely contains it', (variant, names) => {
    const offers = names.map((name, i) => ({ sku: `SH-${i}`, price: '20.00', name }));
    const result = extractProduct(
      page('<h1>Shirt</h1>', jsonLd(productWithOffers('Shirt', offers))),
      'https://shop.example/shirt',
      { variant },
    );
    expect(result.offer).toBeNull();
  });

  it('still finds a variant named by whole words in the offer name', () => {
    const offers = [
      { sku: 'SH-1', price: '20.00', name: 'Shirt Forest Green Large' },
      { sku: 'SH-2', price: '22.00', name: 'Shirt Navy Large' },
    ];
    const result = extractProduct(
      page('<h1>Shirt</h1>', jsonLd(productWithOffers('Shirt', offers))),
      'https://shop.example/shirt',
      { variant: 'forest green' },
    );
    expect(result.offer?.sku).toBe('SH-1');
  });
});
