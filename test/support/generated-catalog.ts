import type { PlaceSighting, ProductSighting } from '../../engine/index';

/**
 * A product catalog built by rule, for the relevance test and the resolve benchmark: brands ×
 * model lines × model numbers × editions × colours × capacities, with look-alike names on
 * purpose ("Aero 5", "Aero 5 Pro", "Aero 50"; the same line name at every brand). Each product
 * has a valid EAN-13 and an MPN of its own, and one offer.
 */
export interface GeneratedProduct {
  name: string;
  brand: string;
  category: string;
  gtin: string;
  mpn: string;
  words: {
    brand: string;
    line: string;
    number: string;
    edition: string;
    category: string;
    colour: string;
    capacity: string;
  };
}

const BRANDS = [
  'Norvik',
  'Kaldor',
  'Veltra',
  'Orbix',
  'Lumio',
  'Sonder',
  'Quanta',
  'Brevo',
  'Dynex',
  'Kestrel',
  'Arctis',
  'Borealis',
  'Cinder',
  'Davos',
  'Elkhorn',
  'Fjordan',
  'Galvani',
  'Halcyon',
  'Isarno',
  'Juno',
  'Korvo',
  'Larkspur',
  'Meridia',
  'Nimbus',
  'Ostara',
  'Pellio',
  'Quillon',
  'Ravello',
  'Solvik',
  'Tessaro',
  'Umbria',
  'Valdor',
  'Wexley',
  'Xandor',
  'Yarrow',
  'Zephra',
  'Altair',
  'Brisco',
  'Corvan',
  'Delmont',
  'Estrel',
  'Farrow',
  'Gideon',
  'Harlan',
  'Ingram',
  'Jasper',
  'Kingsley',
  'Lockwood',
  'Marlowe',
  'Norcross',
];
const LINES: [string, string][] = [
  ['Aero', 'Wireless Headphones'],
  ['Nova', 'Smartphone'],
  ['Pulse', 'Smartwatch'],
  ['Edge', 'Laptop'],
  ['Flux', 'Bluetooth Speaker'],
  ['Vista', 'Tablet'],
  ['Orbit', 'Action Camera'],
  ['Forge', 'Gaming Mouse'],
  ['Stride', 'Running Shoes'],
  ['Haven', 'Espresso Machine'],
];
const NUMBERS = ['5', '50', '7', '9', '12'];
const EDITIONS = ['', 'Pro', 'Max', 'Lite'];
const COLOURS = ['Black', 'White', 'Blue', 'Silver', 'Green'];
const CAPACITIES = ['128GB', '256GB', '512GB'];

/** An EAN-13 from 12 digits: the GS1 check digit appended. */
function ean13(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

/** `size` products (at most 50 × 10 × 5 × 4 × 5 × 3 = 150,000), the same ones for one size. */
export function generateCatalog(
  size: number,
  dims = { brands: 10, lines: 5, numbers: 2, editions: 3, colours: 4, capacities: 3 },
): GeneratedProduct[] {
  const products: GeneratedProduct[] = [];
  const take = <T>(list: T[], n: number) => list.slice(0, n);
  for (const brand of take(BRANDS, dims.brands))
    for (const [line, category] of take(LINES, dims.lines))
      for (const number of take(NUMBERS, dims.numbers))
        for (const edition of take(EDITIONS, dims.editions))
          for (const colour of take(COLOURS, dims.colours))
            for (const capacity of take(CAPACITIES, dims.capacities)) {
              if (products.length === size) return products;
              const model = `${line} ${number}${edition ? ` ${edition}` : ''}`;
              products.push({
                name: `${brand} ${model} ${category} ${colour} ${capacity}`,
                brand,
                category,
                gtin: ean13(`200${String(products.length).padStart(9, '0')}`),
                mpn: `${brand.slice(0, 3).toUpperCase()}-${line.slice(0, 2).toUpperCase()}${number}${edition.slice(0, 1)}-${colour[0]}${colour.at(-1)!.toUpperCase()}${capacity.replace('GB', '')}`,
                words: { brand, line, number, edition, category, colour, capacity },
              });
            }
  return products;
}

/** The dimensions that make 100,000 products. */
export const LARGE = { brands: 50, lines: 10, numbers: 5, editions: 4, colours: 5, capacities: 2 };

/** As catalog import rows: one offer each, at one of a few merchants. */
export function sightingsOf(
  products: GeneratedProduct[],
  mode: 'test' | 'live' = 'test',
): ProductSighting[] {
  return products.map((product, i) => ({
    mode,
    name: product.name,
    brand: product.brand,
    category: product.category,
    image: null,
    identifiers: { gtin: product.gtin, mpn: product.mpn, sku: null },
    offer: {
      merchant: `shop${i % 7}.example.com`,
      url: `https://shop${i % 7}.example.com/products/${i}`,
      sku: `sku-${i}`,
      price_cents: 1000 + (i % 500) * 100,
      currency: 'USD',
      availability: 'in_stock',
      observed_at: null,
    },
  }));
}

/** A deterministic random source (the queries are the same on every run). */
export function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export type QueryKind = 'typo' | 'dropped word' | 'prefix' | 'model number' | 'identifier';

/** One query per kind for a product, by rule. */
export function queriesFor(product: GeneratedProduct, next: () => number): [QueryKind, string][] {
  const words = product.name.split(' ');
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  // A typo in a word of five letters or more: a letter changed, dropped, added, or two swapped.
  const long = words.map((w, i) => [w, i] as const).filter(([w]) => /^[A-Za-z]{5,}$/.test(w));
  const [word, at] = pick(long);
  const p = 1 + Math.floor(next() * (word.length - 2));
  const typos = [
    word.slice(0, p) + 'x' + word.slice(p + 1),
    word.slice(0, p) + word.slice(p + 1),
    word.slice(0, p) + 'e' + word.slice(p),
    word.slice(0, p) + word[p + 1] + word[p] + word.slice(p + 2),
  ];
  const typo = words.map((w, i) => (i === at ? pick(typos) : w)).join(' ');
  // A word dropped: one of the category's (the words that do not tell look-alikes apart).
  const category = product.category.split(' ');
  const dropped = product.name.replace(` ${pick(category)} `, ' ');
  // Typing in progress: the last word cut to its first three characters.
  const prefix = [...words.slice(0, -1), words.at(-1)!.slice(0, 3)].join(' ');
  return [
    ['typo', typo],
    ['dropped word', dropped],
    ['prefix', prefix],
    ['model number', product.mpn],
    ['identifier', product.gtin],
  ];
}

const CENTRES = [
  { city: 'New York', region: 'NY', country: 'US', lat: 40.7411, lng: -73.9897 },
  { city: 'Chicago', region: 'IL', country: 'US', lat: 41.885, lng: -87.644 },
  { city: 'Austin', region: 'TX', country: 'US', lat: 30.2672, lng: -97.7431 },
  { city: 'London', region: 'ENG', country: 'GB', lat: 51.5115, lng: -0.13 },
  { city: 'Paris', region: 'IDF', country: 'FR', lat: 48.86, lng: 2.347 },
];
const FIRST = [
  'Copper',
  'Saffron',
  'Harbor',
  'Juniper',
  'Ember',
  'Olive',
  'Cedar',
  'Velvet',
  'Lantern',
  'Bramble',
];
const SECOND = [
  'Kettle',
  'House',
  'Table',
  'Room',
  'Kitchen',
  'Bistro',
  'Tavern',
  'Garden',
  'Oyster Bar',
  'Diner',
];

/** `size` venues around five cities (within about 10 km of each centre), names by rule. */
export function generateVenues(
  size: number,
): (PlaceSighting & { centre: (typeof CENTRES)[number] })[] {
  const next = random(7);
  return Array.from({ length: size }, (_, i) => {
    const centre = CENTRES[i % CENTRES.length]!;
    const name = `${FIRST[Math.floor(i / 5) % 10]} ${SECOND[Math.floor(i / 50) % 10]} ${Math.floor(i / 500) + 1}`;
    return {
      centre,
      provider: ['resy', 'opentable', 'tock', 'sevenrooms'][i % 4]!,
      name,
      address: `${1 + (i % 400)} Main St`,
      city: centre.city,
      region: centre.region,
      country: centre.country,
      lat: centre.lat + (next() - 0.5) * 0.18,
      lng: centre.lng + (next() - 0.5) * 0.24,
      external_id: `v${i}`,
    };
  });
}
