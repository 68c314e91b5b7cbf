import { z } from './zod';
import { gtin14 } from '../util/gtin';
import { AVAILABILITIES, FACILITY_KINDS } from '../vocabulary';

/** Resolve's `limit`: how many candidates at most (CONTRACT §14). */
export const RESOLVE_LIMIT = { default: 10, max: 50 } as const;
/** The widest geo search, in miles. */
export const MAX_RADIUS_MILES = 500;

const limit = z
  .number()
  .int()
  .min(1)
  .max(RESOLVE_LIMIT.max)
  .optional()
  .openapi({ description: `At most this many candidates (default ${RESOLVE_LIMIT.default}).` });

const words = z.string().trim().min(1).max(200);

const barcode = (lengths: number[], digits: string) =>
  z
    .string()
    .max(32)
    .refine(
      (value) => lengths.includes(value.replace(/[\s-]/g, '').length) && gtin14(value) !== null,
      { error: `must be a ${digits}-digit barcode whose check digit holds` },
    );

const allowList = (what: string) =>
  z
    .array(z.string().trim().min(1).max(253))
    .min(1)
    .max(100)
    .optional()
    .openapi({ description: `Only candidates from these ${what}.` });

export const ResolveProductsBody = z
  .strictObject({
    query: words.openapi({
      description:
        'What the user typed: a name, a partial name with typos, a model number, or an identifier.',
      example: 'sony wh-1000xm5 black',
    }),
    identifiers: z
      .strictObject({
        gtin: barcode([8, 12, 13, 14], '8, 12, 13 or 14').optional(),
        upc: barcode([12], '12').optional(),
        ean: barcode([8, 13], '8 or 13').optional(),
        mpn: z.string().trim().min(1).max(64).optional(),
        sku: z.string().trim().min(1).max(64).optional(),
      })
      .optional()
      .openapi({ description: 'A product with one of these identifiers ranks first (score 1).' }),
    allowed_merchants: allowList('merchants (host names, as in guardrails.allowed_merchants)'),
    limit,
  })
  .openapi('ResolveProductsRequest');

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const country = z
  .string()
  .regex(/^[A-Za-z]{2}$/, { error: 'must be an ISO 3166-1 alpha-2 country code, e.g. US' })
  .transform((code) => code.toUpperCase());

const locationFields = {
  city: z.string().trim().min(1).max(100).optional().openapi({
    description:
      'Alone: places in this city (case and accents ignored). With radius_miles: around its centre.',
  }),
  region: z.string().trim().min(1).max(100).optional().openapi({
    description: 'A state or region as the places give it (US state codes: NY, CA…).',
  }),
  lat: latitude.optional(),
  lng: longitude.optional(),
  radius_miles: z
    .number()
    .gt(0)
    .max(MAX_RADIUS_MILES)
    .optional()
    .openapi({ description: 'Required with lat/lng; with city, searches around its centre.' }),
};

export const ResolveVenuesBody = z
  .strictObject({
    query: words.openapi({ description: 'A venue name or part of it.', example: 'harbor vine' }),
    location: z
      .strictObject({ ...locationFields, country: country.optional() })
      .openapi('VenueLocation'),
    allowed_providers: allowList('providers'),
    limit,
  })
  .openapi('ResolveVenuesRequest');

export const ResolveFacilitiesBody = z
  .strictObject({
    kind: z.enum(FACILITY_KINDS).openapi({ description: 'The appointment kind.' }),
    country: country.optional(),
    location: z.strictObject(locationFields).openapi('FacilityLocation'),
    allowed_providers: allowList('providers'),
    limit,
  })
  .openapi('ResolveFacilitiesRequest');

export type ResolveProductsInput = z.infer<typeof ResolveProductsBody>;
export type ResolveVenuesInput = z.infer<typeof ResolveVenuesBody>;
export type ResolveFacilitiesInput = z.infer<typeof ResolveFacilitiesBody>;
export type LocationInput = ResolveVenuesInput['location'];

const nullableText = z.string().nullable();
const score = z.number().min(0).max(1).openapi({
  description:
    '1 for an exact identifier; else 0.99 × (words matched − 1 + relevance ÷ the best relevance) ÷ words in the query; for geo-only searches 1 − distance ÷ radius.',
});

const Offer = z
  .object({
    merchant: z.string(),
    url: z.string(),
    price_cents: z.number().int().nullable(),
    currency: nullableText,
    availability: z.enum(AVAILABILITIES),
    observed_at: z.string(),
  })
  .openapi('CatalogOffer');

export const ProductCandidate = z
  .object({
    product_id: z.string().openapi({ example: 'prod_01JD3X7Q2W4M5N6P7R8S9T0V1W' }),
    name: z.string(),
    brand: nullableText,
    identifiers: z.object({
      gtin: nullableText,
      upc: nullableText,
      ean: nullableText,
      mpn: nullableText,
      sku: nullableText,
    }),
    image: nullableText,
    category: nullableText,
    merchant_coverage: z.array(z.string()).openapi({
      description: 'Merchants with an offer of it (only the allowed ones when allowed_merchants).',
    }),
    offers: z
      .array(Offer)
      .openapi({ description: "Each covered merchant's latest price and stock, and its page." }),
    match: z.enum(['identifier', 'text']),
    score,
  })
  .openapi('ProductCandidate');

const placeFields = {
  provider: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  region: nullableText,
  country: z.string(),
  lat: z.number(),
  lng: z.number(),
  distance_miles: z.number().nullable().openapi({
    description: 'From lat/lng, or from the centre of location.city; null for a city search.',
  }),
  score,
};

export const VenueCandidate = z
  .object({ venue_id: z.string(), ...placeFields })
  .openapi('VenueCandidate');

export const FacilityCandidate = z
  .object({ facility_id: z.string(), kinds: z.array(z.enum(FACILITY_KINDS)), ...placeFields })
  .openapi('FacilityCandidate');

const candidates = <S extends z.ZodType>(item: S, name: string) =>
  z.object({ candidates: z.array(item), request_id: z.string() }).openapi(name);

export const ResolveProductsResponse = candidates(ProductCandidate, 'ResolveProductsResponse');
export const ResolveVenuesResponse = candidates(VenueCandidate, 'ResolveVenuesResponse');
export const ResolveFacilitiesResponse = candidates(FacilityCandidate, 'ResolveFacilitiesResponse');

export type ProductCandidate = z.infer<typeof ProductCandidate>;
export type VenueCandidate = z.infer<typeof VenueCandidate>;
export type FacilityCandidate = z.infer<typeof FacilityCandidate>;
