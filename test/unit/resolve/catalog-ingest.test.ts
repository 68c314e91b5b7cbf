import { describe, expect, it } from 'vitest';
import { createEngine, createMemoryStore, TABLES } from '../../../engine/index';
import type { CatalogOfferDoc, CatalogProductDoc } from '../../../engine/schemas/catalog';
import { catalogOffersForSku, offersOfProduct } from '../../../engine/resolve/offers';
import { countingWrites, sighting } from '../../support/catalog';
import { fakeClock } from '../../support/clock';

function setup() {
  const { store, counter } = countingWrites(createMemoryStore(TABLES));
  const clock = fakeClock();
  const engine = createEngine({ store, clock });
  const products = async (mode: 'test' | 'live' = 'test') =>
    (
      await engine.ctx.store.query<CatalogProductDoc>('products', {
        index: 'by_updated',
        prefix: [],
        range: { gte: '' },
      })
    ).filter((p) => p.mode === mode);
  const offers = (productId: string) => offersOfProduct(engine.ctx.store, productId);
  return { engine, clock, counter, products, offers, record: engine.catalog.importProducts };
}

const atB = { merchant: 'shop-b.example.com', url: 'https://shop-b.example.com/item/77' };

describe('the catalog matches products across merchants', () => {
  it('makes one product of one GTIN at two merchants, written as UPC at one and EAN-13 at the other', async () => {
    const t = setup();
    const outcomes = await t.record([
      sighting({ identifiers: { gtin: '036000291452', mpn: null, sku: null } }),
      sighting({
        name: 'Aero 5 headphones by Norvik',
        identifiers: { gtin: '0036000291452', mpn: null, sku: null },
        offer: { ...atB, price_cents: 18_500 },
      }),
    ]);
    expect(outcomes).toEqual(['created', 'matched']);
    const [product] = await t.products();
    expect(product).toMatchObject({
      name: 'Norvik Aero 5 Wireless Headphones',
      identifiers: { gtin: '00036000291452', upc: '036000291452', ean: '0036000291452' },
      merchant_coverage: ['shop-a.example.com', 'shop-b.example.com'],
    });
    expect(product!.product_id).toMatch(/^prod_/);
    const offers = await t.offers(product!.product_id);
    expect(offers.map((o) => [o.merchant, o.price_cents])).toEqual([
      ['shop-a.example.com', 19_900],
      ['shop-b.example.com', 18_500],
    ]);
  });

  it('matches by brand and MPN when there is no GTIN, whatever the MPN’s punctuation', async () => {
    const t = setup();
    await t.record([
      sighting({ brand: 'Norvik', identifiers: { gtin: null, mpn: 'NV-A5/BK', sku: null } }),
      sighting({
        brand: 'NORVIK',
        identifiers: { gtin: null, mpn: 'nva5bk', sku: null },
        offer: atB,
      }),
    ]);
    expect(await t.products()).toHaveLength(1);
  });

  it('never matches by name alone, nor by an MPN of another brand or another GTIN', async () => {
    const t = setup();
    await t.record([
      sighting(),
      sighting({ offer: atB }),
      sighting({
        brand: 'Norvik',
        identifiers: { gtin: '036000291452', mpn: 'X1', sku: null },
        offer: { url: 'https://shop-a.example.com/x1-black' },
      }),
      sighting({
        brand: 'Norvik',
        identifiers: { gtin: '4006381333931', mpn: 'X1', sku: null },
        offer: { url: 'https://shop-a.example.com/x1-white' },
      }),
      sighting({
        brand: 'Kaldor',
        identifiers: { gtin: null, mpn: 'X1', sku: null },
        offer: { url: 'https://shop-a.example.com/kaldor-x1' },
      }),
    ]);
    expect(await t.products()).toHaveLength(5);
  });

  it('keeps the catalogs of test and live apart', async () => {
    const t = setup();
    const gtin = { gtin: '036000291452', mpn: null, sku: null };
    await t.record([
      sighting({ identifiers: gtin }),
      sighting({ mode: 'live', identifiers: gtin }),
    ]);
    expect(await t.products('test')).toHaveLength(1);
    expect(await t.products('live')).toHaveLength(1);
  });

  it('keeps the first name and fills the gaps from later sightings', async () => {
    const t = setup();
    const gtin = { gtin: '036000291452', mpn: null, sku: null };
    await t.record([sighting({ identifiers: gtin })]);
    await t.record([
      sighting({
        name: 'Another name',
        brand: 'Norvik',
        category: 'Audio',
        identifiers: { ...gtin, mpn: 'NV-A5' },
        offer: atB,
      }),
    ]);
    expect((await t.products())[0]).toMatchObject({
      name: 'Norvik Aero 5 Wireless Headphones',
      brand: 'Norvik',
      category: 'Audio',
      identifiers: { mpn: 'NV-A5' },
    });
  });

  it('moves a page known only by its URL to the product its identifiers later name', async () => {
    const t = setup();
    const gtin = { gtin: '036000291452', mpn: null, sku: null };
    await t.record([sighting({ identifiers: gtin, offer: atB })]);
    await t.record([sighting()]);
    const [identified, byUrl] = await t.products();
    expect(byUrl!.merchant_coverage).toEqual(['shop-a.example.com']);
    await t.record([sighting({ identifiers: gtin })]);
    const after = await t.products();
    expect(after.find((p) => p.product_id === byUrl!.product_id)!.merchant_coverage).toEqual([]);
    expect(after.find((p) => p.product_id === identified!.product_id)!.merchant_coverage).toEqual([
      'shop-a.example.com',
      'shop-b.example.com',
    ]);
    expect(await t.offers(byUrl!.product_id)).toEqual([]);
  });

  it('writes nothing for a sighting it already holds', async () => {
    const t = setup();
    const rows = [
      sighting({ identifiers: { gtin: '036000291452', mpn: null, sku: null } }),
      sighting({ offer: { ...atB, observed_at: null } }),
    ];
    await t.record(rows);
    const before = t.counter.writes;
    t.clock.advance(60_000);
    expect(await t.record(rows)).toEqual(['matched', 'matched']);
    expect(t.counter.writes).toBe(before);
  });

  it('updates an offer in place, and lets a second page of the merchant take it over only once the first is a day old', async () => {
    const t = setup();
    await t.record([sighting({ identifiers: { gtin: '036000291452', mpn: null, sku: null } })]);
    const [product] = await t.products();
    const second = {
      url: 'https://shop-a.example.com/p/aero-5?ref=mail',
      price_cents: 1,
      observed_at: '2026-11-22T10:00:00.000Z',
    };
    const gtin = { gtin: '036000291452', mpn: null, sku: null };
    await t.record([sighting({ identifiers: gtin, offer: second })]);
    expect((await t.offers(product!.product_id))[0]).toMatchObject({
      url: 'https://shop-a.example.com/p/aero-5',
      price_cents: 19_900,
    });
    await t.record([sighting({ identifiers: gtin, offer: { price_cents: 17_000 } })]);
    expect((await t.offers(product!.product_id))[0]!.price_cents).toBe(17_000);
    t.clock.advance(25 * 60 * 60 * 1000);
    await t.record([sighting({ identifiers: gtin, offer: second })]);
    expect((await t.offers(product!.product_id))[0]).toMatchObject({
      url: second.url,
      price_cents: 1,
    });
  });
});

describe('catalogOffersForSku', () => {
  it('lists the offers of a sku in the mode’s catalog: buyable ones first, then the cheapest', async () => {
    const t = setup();
    const at = (merchant: string, price: number, availability: CatalogOfferDoc['availability']) =>
      sighting({
        identifiers: { gtin: null, mpn: null, sku: 'PAPER-A4' },
        offer: {
          merchant,
          url: `https://${merchant}/paper`,
          sku: 'PAPER-A4',
          price_cents: price,
          availability,
        },
      });
    await t.record([
      at('cheap-but-out.example', 100, 'out_of_stock'),
      at('dear.example', 900, 'in_stock'),
      at('cheap.example', 450, 'in_stock'),
      { ...at('live.example', 1, 'in_stock'), mode: 'live' },
    ]);
    expect(await catalogOffersForSku(t.engine.ctx.store, false, 'PAPER-A4')).toEqual([
      { merchant: 'cheap.example', url: 'https://cheap.example/paper' },
      { merchant: 'dear.example', url: 'https://dear.example/paper' },
      { merchant: 'cheap-but-out.example', url: 'https://cheap-but-out.example/paper' },
    ]);
    expect(await catalogOffersForSku(t.engine.ctx.store, true, 'PAPER-A4')).toHaveLength(1);
    expect(await catalogOffersForSku(t.engine.ctx.store, false, 'OTHER')).toEqual([]);
  });
});
