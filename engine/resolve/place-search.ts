import type { FacilityDoc, VenueDoc } from '../schemas/catalog';
import type {
  FacilityCandidate,
  ResolveFacilitiesInput,
  ResolveVenuesInput,
  VenueCandidate,
} from '../schemas/resolve';
import { RESOLVE_LIMIT } from '../schemas/resolve';
import type { Where } from './location';
import { placeKey, type PlaceDoc, type PlaceIndex } from './place-index';
import { textScore } from './score';
import { searchText } from './text-search';

const round = (value: number, places: number) => Number(value.toFixed(places));

/** Which places a search may return, and their distance in miles for a radius search. */
function placesAllowed<T extends PlaceDoc>(
  index: PlaceIndex<T>,
  where: Where,
  providers: string[] | undefined,
) {
  const distances = where.kind === 'around' ? index.near(where.centre, where.radiusMiles) : null;
  const inCity = where.kind === 'city' ? index.inCity(where.city) : null;
  const region = where.region ? placeKey(where.region) : null;
  const allowed = providers ? new Set(providers.map(placeKey)) : null;
  const accept = (id: string) => {
    if (distances ? !distances.has(id) : inCity ? !inCity.has(id) : false) return false;
    const doc = index.get(id)!;
    if (where.country && doc.country !== where.country) return false;
    if (region && placeKey(doc.region ?? '') !== region) return false;
    return !allowed || allowed.has(placeKey(doc.provider));
  };
  return { accept, distances };
}

function placeFields(doc: PlaceDoc, distance: number | null, score: number) {
  return {
    provider: doc.provider,
    name: doc.name,
    address: doc.address,
    city: doc.city,
    region: doc.region,
    country: doc.country,
    lat: doc.lat,
    lng: doc.lng,
    distance_miles: distance === null ? null : round(distance, 2),
    score: round(score, 4),
  };
}

/**
 * Venues by name (typo-tolerant, prefix-aware) where the location says; ties in text score go
 * to the nearer one, then the id.
 */
export function searchVenues(
  index: PlaceIndex<VenueDoc>,
  input: ResolveVenuesInput,
  where: Where,
): VenueCandidate[] {
  const limit = input.limit ?? RESOLVE_LIMIT.default;
  const { accept, distances } = placesAllowed(index, where, input.allowed_providers);
  // Wider than the limit, so that ties on text can be ordered by distance.
  const { terms, hits } = searchText(index.text.view(), input.query, {
    limit: limit * 4,
    accept,
  });
  const best = hits[0]?.relevance ?? 1;
  return hits
    .map((hit) => ({ doc: index.get(hit.id)!, score: textScore(hit, terms, best) }))
    .map(({ doc, score }) => ({ doc, score, miles: distances?.get(doc.venue_id) ?? null }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        (a.miles ?? 0) - (b.miles ?? 0) ||
        (a.doc.venue_id < b.doc.venue_id ? -1 : 1),
    )
    .slice(0, limit)
    .map(({ doc, score, miles }) => ({
      venue_id: doc.venue_id,
      ...placeFields(doc, miles, score),
    }));
}

/**
 * Facilities offering the kind where the location says: nearest first around a point (score
 * 1 − distance ÷ radius), else by name (score 1).
 */
export function searchFacilities(
  index: PlaceIndex<FacilityDoc>,
  input: ResolveFacilitiesInput,
  where: Where,
): FacilityCandidate[] {
  const { accept, distances } = placesAllowed(index, where, input.allowed_providers);
  const found = [...index.all()].filter(
    (doc) => doc.kinds.includes(input.kind) && accept(doc.facility_id),
  );
  const miles = (doc: FacilityDoc) => distances?.get(doc.facility_id) ?? null;
  const ordered = distances
    ? found.sort((a, b) => miles(a)! - miles(b)! || (a.facility_id < b.facility_id ? -1 : 1))
    : found.sort(
        (a, b) =>
          placeKey(a.name).localeCompare(placeKey(b.name)) ||
          (a.facility_id < b.facility_id ? -1 : 1),
      );
  const radius = where.kind === 'around' ? where.radiusMiles : null;
  return ordered.slice(0, input.limit ?? RESOLVE_LIMIT.default).map((doc) => ({
    facility_id: doc.facility_id,
    kinds: doc.kinds,
    ...placeFields(doc, miles(doc), radius ? Math.max(0, 1 - miles(doc)! / radius) : 1),
  }));
}
