import type { EngineContext } from '../context';
import type {
  FacilityCandidate,
  ResolveFacilitiesInput,
  ResolveVenuesInput,
  VenueCandidate,
} from '../schemas/resolve';
import { catalogIndexOf } from './catalog-index';
import { whereOf } from './location';
import { searchFacilities, searchVenues } from './place-search';

/** POST /v1/resolve/venues. */
export async function resolveVenues(
  ctx: EngineContext,
  input: ResolveVenuesInput,
): Promise<VenueCandidate[]> {
  const catalog = catalogIndexOf(ctx);
  const where = await whereOf(input.location, input.location.country, catalog.gazetteer);
  return searchVenues(await catalog.venues(), input, where);
}

/** POST /v1/resolve/appointment-facilities. */
export async function resolveFacilities(
  ctx: EngineContext,
  input: ResolveFacilitiesInput,
): Promise<FacilityCandidate[]> {
  const catalog = catalogIndexOf(ctx);
  const where = await whereOf(input.location, input.country, catalog.gazetteer);
  return searchFacilities(await catalog.facilities(), input, where);
}
