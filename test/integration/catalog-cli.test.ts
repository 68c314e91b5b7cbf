import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startServer } from '../support/server-process';

const dir = mkdtempSync(join(tmpdir(), 'catalog-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function file(name: string, content: string) {
  const path = join(dir, `${files++}-${name}`);
  writeFileSync(path, content);
  return path;
}
const dataDir = () => join(dir, `data-${files++}`);
/** `intent-server catalog import PATH --kind KIND … --data DATA`. */
const importFile = (path: string, kind: string, data: string, ...flags: string[]) =>
  runCli(['catalog', 'import', path, '--kind', kind, ...flags, '--data', data]);
/** Every stored catalog document, as the database holds it. */
function catalogRows(data: string) {
  const db = new Database(join(data, 'intents.db'), { readonly: true });
  try {
    return ['products', 'catalog_offers'].map((table) =>
      db.prepare(`SELECT id, doc FROM "${table}" ORDER BY id`).all(),
    );
  } finally {
    db.close();
  }
}
const catalogStats = async (data: string) =>
  (await runCli(['catalog', 'stats', '--data', data])).stdout;

const PRODUCTS_JSON = `[
  {"name": "Norvik Aero 5 Wireless Headphones", "brand": "Norvik", "gtin": "036000291452",
   "url": "https://shop-a.example.com/aero-5", "price": "199.00", "currency": "usd", "availability": "InStock"},
  {"name": "Aero 5 headphones", "upc": "036000291452", "url": "https://shop-b.example.com/p/77",
   "price_cents": 18500, "currency": "USD", "availability": "out_of_stock"},
  {"name": "Broken barcode", "gtin": "036000291453"},
  {"brand": "No name"},
  {"name": "Kaldor Kettle", "mpn": "KAL-17", "brand": "Kaldor", "colour": "steel"}
]`;

describe('intent-server catalog import', () => {
  it('imports a JSON file, says what became of each row, and changes nothing the second time', async () => {
    const data = dataDir();
    const path = file('products.json', PRODUCTS_JSON);
    const first = await importFile(path, 'products', data);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(
      `products from ${path} (json) into the test and live catalog: imported 1, merged 1, skipped 3.`,
    );
    expect(first.stdout).toContain(
      "line 6: '036000291453' is not a GTIN/UPC/EAN (8, 12, 13 or 14 digits, check digit)",
    );
    expect(first.stdout).toContain('line 7: name is missing');
    expect(first.stdout).toContain("line 8: unknown field 'colour'");

    const stats = await catalogStats(data);
    expect(stats).toContain('products (test): 1, with 2 offers from 2 merchants');
    expect(stats).toContain('products (live): 1, with 2 offers from 2 merchants');

    const before = catalogRows(data);
    const again = await importFile(path, 'products', data);
    expect(again.stdout).toContain('imported 0, merged 2, skipped 3.');
    expect(catalogRows(data)).toEqual(before);
  });

  it('imports CSV (a broken record skipped with its line) into one mode', async () => {
    const data = dataDir();
    const csv = [
      'name,brand,mpn,url,price_cents,currency',
      'Kaldor Kettle,Kaldor,KAL-17,https://shop-a.example.com/kettle,2999,USD',
      '"Kaldor Kettle 1.7 L",KALDOR,kal 17,https://shop-c.example.com/k,3199,USD',
      'Half a row,Kaldor',
      'Priced without a page,Kaldor,KAL-18,,1000,USD',
      'Priced without a currency,Kaldor,KAL-19,https://shop-a.example.com/k19,1000,',
    ].join('\n');
    const path = file('products.csv', csv);
    const res = await importFile(path, 'products', data, '--mode', 'live');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('into the live catalog: imported 1, merged 1, skipped 3.');
    expect(res.stdout).toMatch(/line 4: .*column/i);
    expect(res.stdout).toContain(
      'line 5: an offer (price, availability) needs the url of its page',
    );
    expect(res.stdout).toContain('line 6: a price needs its currency');
    const stats = await catalogStats(data);
    expect(stats).toContain('products (test): 0,');
    expect(stats).toContain('products (live): 1, with 2 offers from 2 merchants');
  });

  it('imports an ACP product feed: one product per variant', async () => {
    const data = dataDir();
    const feed = {
      products: [
        {
          id: 'prod_classic_tee',
          title: 'Classic Tee',
          url: 'https://merchant.example.com/products/classic-tee',
          media: [{ type: 'image', url: 'https://cdn.example.com/tee.jpg' }],
          variants: [
            {
              id: 'sku123-red-s',
              title: 'Classic Tee - Red / Small',
              barcodes: [{ type: 'GTIN', value: '00012345600012' }],
              price: { amount: 1999, currency: 'USD' },
              availability: { available: true, status: 'in_stock' },
            },
            {
              id: 'sku124-red-m',
              title: 'Classic Tee - Red / Medium',
              url: 'https://merchant.example.com/products/classic-tee?variant=sku124-red-m',
              price: { amount: 1999, currency: 'USD' },
              availability: { available: false },
            },
            { id: 'sku125', title: 'Classic Tee - Bad', barcodes: [{ type: 'EAN', value: '123' }] },
          ],
        },
        { id: 'prod_empty', title: 'Nothing to sell', variants: [] },
      ],
    };
    const path = file('feed.json', JSON.stringify(feed, null, 2));
    const res = await importFile(path, 'products', data, '--format', 'acp');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('imported 2, merged 0, skipped 2.');
    expect(res.stdout).toMatch(/line 44: '123' is not a GTIN/);
    expect(res.stdout).toContain('line 56: a product with no variants');
  });

  it('imports venues and facilities (kinds separated by ;) from CSV', async () => {
    const data = dataDir();
    const venues = file(
      'venues.csv',
      'provider,name,address,city,region,country,lat,lng\nresy,Harbor & Vine,1 Main St,Austin,TX,us,30.27,-97.74\nresy,Nowhere,1 Main St,Austin,TX,US,95,-97.74\n',
    );
    const facilities = file(
      'facilities.csv',
      'provider,name,address,city,country,lat,lng,kinds\nusps,Austin Post Office,510 Guadalupe St,Austin,US,30.27,-97.75,passport;national_id\nusps,Bad,1 St,Austin,US,30.27,-97.75,passports\n',
    );
    const v = await importFile(venues, 'venues', data);
    expect(v.stdout).toContain('imported 1, merged 0, skipped 1.');
    expect(v.stdout).toContain('line 3: lat:');
    const f = await importFile(facilities, 'facilities', data);
    expect(f.stdout).toContain('imported 1, merged 0, skipped 1.');
    expect(f.stdout).toMatch(/line 3: kinds\.0: not one of passport, dmv/);
    const stats = await catalogStats(data);
    expect(stats).toContain('venues: 1 in 1 cities, 1 providers');
    expect(stats).toContain('facilities: 1, 1 providers (national_id 1, passport 1)');
  });

  it.each([
    [['catalog'], 2],
    [['catalog', 'import', '--kind', 'products'], 2],
    [['catalog', 'import', 'x.json'], 2],
    [['catalog', 'import', 'x.json', '--kind', 'shoes'], 2],
    [['catalog', 'import', 'x.json', '--kind', 'venues', '--format', 'acp'], 2],
    [['catalog', 'import', 'x.json', '--kind', 'venues', '--mode', 'live'], 2],
    [['catalog', 'import', join(dir, 'missing.json'), '--kind', 'products'], 1],
  ])('refuses %j (exit %i)', async (args, code) => {
    const res = await runCli([...args, '--data', dataDir()]);
    expect(res.code).toBe(code);
  });
});

describe('intent-server serve and the catalog', () => {
  it('loads no samples with --no-samples', async () => {
    const server = await startServer(['--data', dataDir(), '--no-sandbox', '--no-samples']);
    try {
      expect(server.output()).not.toContain('Loaded the sample catalog');
    } finally {
      await server.stop();
    }
  });

  it('loads the sample venues and facilities once, and finds what `catalog import` adds while it runs', async () => {
    const data = dataDir();
    const server = await startServer(['--data', data, '--no-sandbox']);
    let restarted: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      expect(server.output()).toMatch(
        /Loaded the sample catalog: \d+ venues and \d+ appointment facilities/,
      );
      const key = server.output().match(/sk_test_\w+/)![0];
      const post = async (path: string, body: unknown) => {
        const res = await fetch(`${server.baseUrl}/v1${path}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        return (await res.json()) as {
          candidates: { name: string; distance_miles: number | null }[];
        };
      };
      const passports = await post('/resolve/appointment-facilities', {
        kind: 'passport',
        location: { city: 'New York', radius_miles: 10 },
      });
      expect(passports.candidates.map((c) => c.name)).toContain('New York Passport Agency');
      expect(passports.candidates[0]!.distance_miles).toBeGreaterThan(0);
      const london = await post('/resolve/venues', {
        query: 'velvet frok',
        location: { city: 'london' },
      });
      expect(london.candidates.map((c) => c.name)).toEqual(['The Velvet Fork']);

      const path = file('more.json', PRODUCTS_JSON);
      await importFile(path, 'products', data);
      let found: string[] = [];
      for (let i = 0; i < 30 && found.length === 0; i++) {
        found = (await post('/resolve/products', { query: 'norvik aero' })).candidates.map(
          (c) => c.name,
        );
        if (found.length === 0) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(found).toEqual(['Norvik Aero 5 Wireless Headphones']);
      await server.stop();

      restarted = await startServer(['--data', data, '--no-sandbox']);
      expect(restarted.output()).not.toContain('Loaded the sample catalog');
    } finally {
      await server.stop();
      await restarted?.stop();
    }
  }, 60_000);
});
