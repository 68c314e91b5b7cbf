import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { AlsoAt } from '../../../components/stores/also-at';
import type { Extraction } from '../../../components/stores/types';

/** What the catalog said about the page; the tests set it before rendering. */
let known: AlsoAt | null | undefined = null;
vi.mock('../../../components/stores/also-at-store', async (original) => ({
  ...(await original<typeof import('../../../components/stores/also-at-store')>()),
  useAlsoAt: () => known,
}));

const { WatchForm } = await import('../../../entrypoints/popup/WatchForm');
const { whereToBuy } = await import('../../../entrypoints/popup/use-where-to-buy');

const URL_A = 'http://127.0.0.1:8081/products/boots';
const offer = {
  price_cents: 11_000,
  currency: 'USD',
  availability: 'in_stock' as const,
  sku: 'boots',
  name: 'Boots',
  url: URL_A,
  list_price_cents: null,
  source: 'json-ld' as const,
};
const extraction: Extraction = {
  title: 'Ridge Hiking Boots',
  brand: 'Sandbox Outfitters',
  category: null,
  image: null,
  canonical_url: URL_A,
  identifiers: { gtin: '2012345678906', mpn: null, sku: 'boots' },
  merchant: '127.0.0.1',
  offers: [offer],
  offer,
  ambiguous: false,
  source: 'json-ld',
  confidence: 1,
};
const elsewhere = (merchant: string, price: number | null, availability = 'in_stock') => ({
  merchant,
  url: `http://${merchant}:8083/products/boots`,
  price_cents: price,
  currency: price === null ? null : 'USD',
  availability: availability as 'in_stock',
  observed_at: new Date(Date.now() - 3 * 60_000).toISOString(),
});
const alsoAt = (...offers: ReturnType<typeof elsewhere>[]): AlsoAt => ({
  productId: 'prod_1',
  name: 'Ridge Hiking Boots',
  offers,
  hereListed: true,
});
const form = () => renderToStaticMarkup(<WatchForm url={URL_A} extraction={extraction} />);

describe('the Watch form and "also at"', () => {
  it('adds nothing while the catalog is asked, nor when it knows no other merchant', () => {
    known = undefined;
    expect(form()).toContain('data-also-at="asking"');
    expect(form()).not.toContain('data-testid="also-at');
    known = null;
    const html = form();
    expect(html).toContain('data-also-at="none"');
    expect(html).not.toContain('data-testid="also-at');
    expect(html).toContain('data-testid="watch-only-merchant"');
    expect(html).toMatch(/data-testid="watch-submit"[^>]*>Watch</);
  });

  it('lists the other merchants with price, stock and freshness, none chosen yet', () => {
    known = alsoAt(elsewhere('localhost', 9_500), elsewhere('shop.example', null, 'out_of_stock'));
    const html = form();
    expect(html).toContain('data-also-at="found"');
    const rows = [...html.matchAll(/data-testid="also-at-offer" data-merchant="([^"]+)"/g)];
    expect(rows.map((row) => row[1])).toEqual(['localhost', 'shop.example']);
    expect(html).toContain('$95.00');
    expect(html).toContain('In stock · seen 3 minutes ago');
    expect(html).toContain('Out of stock · seen 3 minutes ago');
    expect(html).not.toMatch(/data-testid="also-at-choose"[^>]*checked/);
    expect(html).not.toContain('data-testid="also-at-here"');
    // Until one is ticked, it is the one-page watch it always was.
    expect(html).toContain('data-testid="watch-only-merchant"');
    expect(html).toMatch(/data-testid="watch-submit"[^>]*>Watch</);
  });
});

describe('where the Watch form buys', () => {
  const here = { merchant: '127.0.0.1', url: URL_A, price_cents: 11_000, availability: 'in_stock' };
  const found = alsoAt(
    elsewhere('localhost', 9_500),
    elsewhere('shop.example', 8_000, 'out_of_stock'),
  );

  it('is this page alone until another merchant is ticked', () => {
    const where = whereToBuy(found, here, {}, true);
    expect(where).toMatchObject({ several: false, shops: ['127.0.0.1'], priceMinor: 11_000 });
    expect(where.catalog).toBeNull();
  });

  it('is the catalog product at the ticked merchants and here, priced from the cheapest in stock', () => {
    const where = whereToBuy(found, here, { localhost: true, 'shop.example': true }, true);
    expect(where.shops).toEqual(['127.0.0.1', 'localhost', 'shop.example']);
    expect(where.priceMinor).toBe(9_500);
    expect(where.catalog).toEqual({
      productId: 'prod_1',
      pages: [
        { merchant: '127.0.0.1', url: URL_A },
        { merchant: 'localhost', url: 'http://localhost:8083/products/boots' },
        { merchant: 'shop.example', url: 'http://shop.example:8083/products/boots' },
      ],
    });
  });

  it('leaves this page out when unticked', () => {
    const where = whereToBuy(found, here, { localhost: true }, false);
    expect(where.shops).toEqual(['localhost']);
    expect(where.catalog?.pages).toHaveLength(1);
  });
});
