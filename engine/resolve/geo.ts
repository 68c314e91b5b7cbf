import KDBush from 'kdbush';
import { around, distance } from 'geokdbush';

export const KM_PER_MILE = 1.609344;

export interface Point {
  lat: number;
  lng: number;
}

/** Great-circle distance in miles (geokdbush's haversine on a 6,371 km sphere). */
export function milesBetween(a: Point, b: Point): number {
  return distance(a.lng, a.lat, b.lng, b.lat) / KM_PER_MILE;
}

/** A point index (kdbush) over places, built once; rebuilt by its owner when places change. */
export function createPointIndex(points: readonly Point[]) {
  const index = new KDBush(Math.max(points.length, 1));
  for (const { lng, lat } of points) index.add(lng, lat);
  if (points.length === 0) index.add(0, 0);
  index.finish();
  return {
    /**
     * The points within `radiusMiles` of `centre` (its edge included), nearest first, with
     * their distance in miles.
     */
    within(centre: Point, radiusMiles: number): { at: number; miles: number }[] {
      if (points.length === 0) return [];
      // A hair wider for the tree walk; the distance test below decides the edge.
      const ids = around(
        index,
        centre.lng,
        centre.lat,
        Infinity,
        radiusMiles * KM_PER_MILE * 1.000001,
      );
      return ids
        .map((at) => ({ at, miles: milesBetween(centre, points[at]!) }))
        .filter(({ miles }) => miles <= radiusMiles + 1e-9);
    },
  };
}
