import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { extractProduct, type Extraction } from '../../../engine/extract';
import { AVAILABILITIES, EXTRACTION_SOURCES } from '../../../engine/vocabulary';

const DIR = fileURLToPath(new URL('../../fixtures/pages/', import.meta.url));
const MIN_PAGES = 40;

const Availability = z.enum(AVAILABILITIES);
const Source = z.enum(EXTRACTION_SOURCES);

/** The expected extraction of one page; every field is required so nothing is checked by omission. */
const Expected = z.strictObject({
  url: z.url(),
  variant: z.string().optional(),
  title: z.string().nullable(),
  canonical_url: z.string().nullable(),
  identifiers: z.strictObject({
    gtin: z.string().nullable(),
    mpn: z.string().nullable(),
    sku: z.string().nullable(),
  }),
  merchant: z.string().nullable(),
  offer: z
    .strictObject({
      price_cents: z.number().int().nullable(),
      currency: z.string().nullable(),
      availability: Availability,
      sku: z.string().nullable(),
      list_price_cents: z.number().int().nullable(),
    })
    .nullable(),
  offer_count: z.number().int().nonnegative(),
  ambiguous: z.boolean(),
  source: Source,
});
type Expected = z.infer<typeof Expected>;

/** The fields compared, each read the same way from the expectation and the extraction. */
const FIELDS: Record<string, (e: Expected | Extraction) => unknown> = {
  title: (e) => e.title,
  canonical_url: (e) => e.canonical_url,
  'identifiers.gtin': (e) => e.identifiers.gtin,
  'identifiers.mpn': (e) => e.identifiers.mpn,
  'identifiers.sku': (e) => e.identifiers.sku,
  merchant: (e) => e.merchant,
  'offer (present)': (e) => e.offer !== null,
  'offer.price_cents': (e) => e.offer?.price_cents,
  'offer.currency': (e) => e.offer?.currency,
  'offer.availability': (e) => e.offer?.availability,
  'offer.sku': (e) => e.offer?.sku,
  'offer.list_price_cents': (e) => e.offer?.list_price_cents,
  offer_count: (e) => ('offers' in e ? e.offers.length : e.offer_count),
  ambiguous: (e) => e.ambiguous,
  source: (e) => e.source,
};

const names = readdirSync(DIR)
  .filter((f) => f.endsWith('.html'))
  .map((f) => f.slice(0, -'.html'.length))
  .sort();

const cases = names.map((name) => {
  const expected = Expected.parse(JSON.parse(readFileSync(`${DIR}${name}.expected.json`, 'utf8')));
  const html = readFileSync(`${DIR}${name}.html`, 'utf8');
  const options = expected.variant === undefined ? {} : { variant: expected.variant };
  const actual = extractProduct(html, expected.url, options);
  const fields = Object.entries(FIELDS).map(([field, read]) => ({
    field,
    expected: read(expected),
    actual: read(actual),
  }));
  return { name, expected, actual, fields };
});

afterAll(() => {
  const lines = Object.keys(FIELDS).map((field) => {
    const correct = cases.filter((c) => {
      const r = c.fields.find((f) => f.field === field);
      return r !== undefined && Object.is(r.expected, r.actual);
    }).length;
    const percent = ((100 * correct) / cases.length).toFixed(1);
    return `${field.padEnd(24)} ${String(correct).padStart(3)}/${cases.length}  ${percent.padStart(5)}%`;
  });
  console.log([`extraction accuracy over ${cases.length} pages`, ...lines].join('\n'));
});

describe('extractProduct over the fixture corpus', () => {
  it(`has at least ${MIN_PAGES} pages, each with an expectation`, () => {
    expect(names.length).toBeGreaterThanOrEqual(MIN_PAGES);
    const expectations = readdirSync(DIR).filter((f) => f.endsWith('.expected.json'));
    expect(expectations.length).toBe(names.length);
  });

  it.each(cases)('$name', ({ fields }) => {
    const actual = Object.fromEntries(fields.map((f) => [f.field, f.actual]));
    const expected = Object.fromEntries(fields.map((f) => [f.field, f.expected]));
    expect(actual).toEqual(expected);
  });

  it('returns offers whose prices are integers in minor units', () => {
    for (const { actual } of cases) {
      for (const offer of actual.offers) {
        if (offer.price_cents !== null) expect(Number.isSafeInteger(offer.price_cents)).toBe(true);
        if (offer.list_price_cents !== null)
          expect(offer.list_price_cents).toBeGreaterThan(offer.price_cents ?? 0);
      }
      expect(actual.confidence).toBeGreaterThanOrEqual(0);
      expect(actual.confidence).toBeLessThanOrEqual(1);
    }
  });
});
