import type { FacilityDoc, VenueDoc } from '../schemas/catalog';
import { createPointIndex } from './geo';
import { foldText } from './text';
import { createTextIndex } from './text-index';

export type PlaceDoc = VenueDoc | FacilityDoc;

export const placeIdOf = (doc: PlaceDoc): string =>
  typeof doc.venue_id === 'string' ? doc.venue_id : (doc as FacilityDoc).facility_id;

/** A city, region or provider as compared: folded, single spaces. */
export const placeKey = (text: string) => foldText(text).replace(/\s+/g, ' ').trim();

/**
 * The search index of venues or of facilities: every document in memory (tens of thousands at
 * most), their names for text search, a city → places map, and a point index for radius
 * searches, rebuilt on the first search after a change (kdbush is static; a rebuild of 10,000
 * points takes a few milliseconds).
 */
export function createPlaceIndex<T extends PlaceDoc>() {
  const docs = new Map<string, T>();
  const byCity = new Map<string, Set<string>>();
  const text = createTextIndex({ name: 1, provider: 0.5, address: 0.3 });
  let points: { ids: string[]; index: ReturnType<typeof createPointIndex> } | null = null;

  function upsert(doc: T) {
    const id = placeIdOf(doc);
    const known = docs.get(id);
    if (known && known.updated_at >= doc.updated_at) return;
    if (known) byCity.get(placeKey(known.city))?.delete(id);
    docs.set(id, doc);
    const city = placeKey(doc.city);
    let ids = byCity.get(city);
    if (!ids) byCity.set(city, (ids = new Set()));
    ids.add(id);
    text.add(id, { name: doc.name, provider: doc.provider, address: doc.address });
    points = null;
  }

  function geo() {
    if (!points) {
      const ids = [...docs.keys()];
      points = { ids, index: createPointIndex(ids.map((id) => docs.get(id)!)) };
    }
    return points;
  }

  return {
    upsert,
    get: (id: string) => docs.get(id),
    all: () => docs.values(),
    inCity: (city: string): ReadonlySet<string> => byCity.get(placeKey(city)) ?? new Set(),
    /** Places within the radius of a point, with their distance in miles. */
    near(centre: { lat: number; lng: number }, radiusMiles: number): Map<string, number> {
      const { ids, index } = geo();
      return new Map(index.within(centre, radiusMiles).map(({ at, miles }) => [ids[at]!, miles]));
    },
    text,
    get size() {
      return docs.size;
    },
  };
}

export type PlaceIndex<T extends PlaceDoc = PlaceDoc> = ReturnType<typeof createPlaceIndex<T>>;
