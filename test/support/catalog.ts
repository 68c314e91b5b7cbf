import type { PlaceSighting, ProductSighting, Store } from '../../engine/index';

/** A product sighting (an import row's shape); override any part. */
export function sighting(
  overrides: Omit<Partial<ProductSighting>, 'offer'> & {
    offer?: Partial<NonNullable<ProductSighting['offer']>> | null;
  } = {},
): ProductSighting {
  const { offer, ...rest } = overrides;
  return {
    mode: 'test',
    name: 'Norvik Aero 5 Wireless Headphones',
    brand: null,
    category: null,
    image: null,
    identifiers: { gtin: null, mpn: null, sku: null },
    ...rest,
    offer:
      offer === null
        ? null
        : {
            merchant: 'shop-a.example.com',
            url: 'https://shop-a.example.com/p/aero-5',
            sku: null,
            price_cents: 19_900,
            currency: 'USD',
            availability: 'in_stock',
            observed_at: '2026-11-22T09:00:00.000Z',
            ...offer,
          },
  };
}

/** The store with a count of the documents written (put or delete) through it, also per table. */
export function countingWrites(inner: Store) {
  const counter = { writes: 0, byTable: {} as Record<string, number> };
  const note = (table: string) => {
    counter.writes++;
    counter.byTable[table] = (counter.byTable[table] ?? 0) + 1;
  };
  const store: Store = {
    get: (table, key) => inner.get(table, key),
    query: (table, query) => inner.query(table, query),
    transact: (work) =>
      inner.transact((tx) =>
        work({
          get: (table, key) => tx.get(table, key),
          query: (table, query) => tx.query(table, query),
          put: (table, doc) => {
            note(table);
            return tx.put(table, doc);
          },
          delete: (table, key) => {
            note(table);
            return tx.delete(table, key);
          },
        }),
      ),
    close: () => inner.close(),
  };
  return { store, counter };
}

const EARTH_KM = 6371;
const KM_PER_MILE = 1.609344;
const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** The point `miles` from `from` on a bearing (degrees from north), on geokdbush's sphere. */
export function pointAt(from: { lat: number; lng: number }, miles: number, bearing: number) {
  const d = (miles * KM_PER_MILE) / EARTH_KM;
  const [lat1, lng1, theta] = [rad(from.lat), rad(from.lng), rad(bearing)];
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(theta),
  );
  const lng2 =
    lng1 +
    Math.atan2(
      Math.sin(theta) * Math.sin(d) * Math.cos(lat1),
      Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { lat: deg(lat2), lng: deg(lng2) };
}

/** A venue or facility import row; override any part. */
export function place(overrides: Partial<PlaceSighting> = {}): PlaceSighting {
  return {
    provider: 'resy',
    name: 'Harbor & Vine',
    address: '1 Main St',
    city: 'Austin',
    region: 'TX',
    country: 'US',
    lat: 30.2672,
    lng: -97.7431,
    external_id: null,
    ...overrides,
  };
}
