import type { ProductSighting } from '../../engine/index';

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
