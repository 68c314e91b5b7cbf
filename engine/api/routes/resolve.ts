import type { Context } from 'hono';
import { resolveProducts } from '../../resolve/product-search';
import { resolveFacilities, resolveVenues } from '../../resolve/places';
import {
  ResolveFacilitiesBody,
  ResolveFacilitiesResponse,
  ResolveProductsBody,
  ResolveProductsResponse,
  ResolveVenuesBody,
  ResolveVenuesResponse,
} from '../../schemas/resolve';
import { commit } from '../commit';
import { defineEndpoint } from '../endpoint';
import type { ApiEnv } from '../env';

const TAG = 'Resolve';

/**
 * The answer, replayed for 24 hours to a request with the same Idempotency-Key like every POST
 * (CONTRACT §5): only then is a record written, so a plain search writes nothing.
 */
const answer = (c: Context<ApiEnv>, candidates: object[]) =>
  c.get('idempotency')
    ? commit(c, 200, async () => ({ candidates }))
    : c.json({ candidates, request_id: c.get('requestId') });

const ERRORS = ['parameter_missing', 'parameter_invalid', 'parameter_unknown'] as const;

export const resolveProductsEndpoint = defineEndpoint({
  method: 'post',
  path: '/resolve/products',
  operationId: 'resolveProducts',
  summary: 'Find catalog products by name, model number or identifier',
  description:
    'Candidates from the catalog of this mode (products the monitor and the extension read, and imported feeds): typo-tolerant, prefix-aware text search ranked by relevance; a product whose GTIN/UPC/EAN, MPN or SKU equals `identifiers` (or the query) ranks first. Create an intent with the chosen `product_id`. A search changes nothing: read-only keys may call it.',
  tag: TAG,
  search: true,
  body: ResolveProductsBody,
  success: { status: 200, schema: ResolveProductsResponse, description: 'The candidates.' },
  errors: [...ERRORS],
  handle: async (c, { body }) =>
    answer(c, await resolveProducts(c.get('ctx'), c.get('caller'), body)),
});

export const resolveVenuesEndpoint = defineEndpoint({
  method: 'post',
  path: '/resolve/venues',
  operationId: 'resolveVenues',
  summary: 'Find venues by name in a city or around a point',
  description:
    '`location.city` alone: venues in that city; with `radius_miles`, around its centre; `lat`/`lng` need `radius_miles`. Candidates carry `distance_miles` for radius searches.',
  tag: TAG,
  search: true,
  body: ResolveVenuesBody,
  success: { status: 200, schema: ResolveVenuesResponse, description: 'The candidates.' },
  errors: [...ERRORS],
  handle: async (c, { body }) => answer(c, await resolveVenues(c.get('ctx'), body)),
});

export const resolveFacilitiesEndpoint = defineEndpoint({
  method: 'post',
  path: '/resolve/appointment-facilities',
  operationId: 'resolveAppointmentFacilities',
  summary: 'Find appointment facilities of a kind in a city, a region or around a point',
  description:
    'Facilities offering `kind`: nearest first around a point (or a city centre with `radius_miles`), else by name.',
  tag: TAG,
  search: true,
  body: ResolveFacilitiesBody,
  success: { status: 200, schema: ResolveFacilitiesResponse, description: 'The candidates.' },
  errors: [...ERRORS],
  handle: async (c, { body }) => answer(c, await resolveFacilities(c.get('ctx'), body)),
});
