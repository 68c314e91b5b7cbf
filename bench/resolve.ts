import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import MiniSearch from 'minisearch';
import { createEngine, TABLES, type Engine } from '../engine/index';
import { createSqliteStore } from '../server/store/sqlite';
import {
  generateCatalog,
  generateVenues,
  LARGE,
  queriesFor,
  random,
  sightingsOf,
  type GeneratedProduct,
} from '../test/support/generated-catalog';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const VENUES = Number(process.env.BENCH_VENUES ?? 10_000);
const QUERIES = 1000;

export interface Latency {
  queries: number;
  p50: number;
  p99: number;
}

export interface ResolveBench {
  products: number;
  venues: number;
  /** `catalog import`'s path: every row matched and written (SQLite, 500 rows a transaction). */
  importMs: number;
  /** A fresh engine building its product, venue and facility indexes from the store. */
  build: { ms: number; heapMb: number; rssMb: number };
  productLatency: Latency;
  venueLatency: Latency;
  /** The same products and queries with MiniSearch alone (fuzzy 0.2, prefix on the last word). */
  minisearch: { buildMs: number; heapMb: number } & Latency;
}

const heapMb = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function latency(run: (i: number) => Promise<unknown>, count: number): Promise<Latency> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const ms = (value: number) => Number(value.toFixed(2));
  return { queries: count, p50: ms(percentile(times, 0.5)), p99: ms(percentile(times, 0.99)) };
}

/** The relevance test's five kinds of query (typo, dropped word, prefix, MPN, EAN), by rule. */
function productQueries(products: GeneratedProduct[]): string[] {
  const next = random(11);
  const queries: string[] = [];
  while (queries.length < QUERIES) {
    const product = products[Math.floor(next() * products.length)]!;
    queries.push(...queriesFor(product, next).map(([, query]) => query));
  }
  return queries.slice(0, QUERIES);
}

function caller(engine: Engine, key: string) {
  return async (path: string, body: unknown) => {
    const res = await engine.fetch(
      new Request(`http://bench${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
}

function benchMiniSearch(products: GeneratedProduct[], queries: string[]) {
  const before = heapMb();
  const start = performance.now();
  const index = new MiniSearch({ fields: ['name', 'brand', 'category', 'mpn'] });
  index.addAll(products.map((p, id) => ({ id, ...p })));
  const buildMs = Math.round(performance.now() - start);
  const used = heapMb() - before;
  return latency(
    async (i) =>
      index.search(queries[i]!, {
        fuzzy: 0.2,
        prefix: (_term, at, terms) => at === terms.length - 1,
        combineWith: 'AND',
      }),
    Math.min(queries.length, 200),
  ).then((result) => ({ buildMs, heapMb: Math.round(used), ...result }));
}

/** Writes the generated catalog into a SQLite file through `catalog import`'s path. */
async function prepare(file: string) {
  const writer = createEngine({ store: createSqliteStore(file, TABLES) });
  const rows = sightingsOf(generateCatalog(PRODUCTS, LARGE));
  const start = performance.now();
  for (let i = 0; i < rows.length; i += 500)
    await writer.catalog.importProducts(rows.slice(i, i + 500));
  const importMs = Math.round(performance.now() - start);
  const venues = generateVenues(VENUES).map(({ centre: _, ...venue }) => venue);
  for (let i = 0; i < venues.length; i += 500)
    await writer.catalog.importVenues(venues.slice(i, i + 500));
  await writer.close();
  return { importMs };
}

/** A fresh engine on the file: index build from the store, its memory, then search latency. */
async function serve(file: string) {
  const products = generateCatalog(PRODUCTS, LARGE);
  const venues = generateVenues(VENUES);
  const queries = productQueries(products);
  const engine = createEngine({
    store: createSqliteStore(file, TABLES),
    api: { rateLimit: false },
  });
  const { key } = await engine.keys.create('bench');
  const heapBefore = heapMb();
  const rssBefore = process.memoryUsage().rss / 2 ** 20;
  const buildStart = performance.now();
  await engine.catalog.buildIndex();
  const build = {
    ms: Math.round(performance.now() - buildStart),
    heapMb: Math.round(heapMb() - heapBefore),
    rssMb: Math.round(process.memoryUsage().rss / 2 ** 20 - rssBefore),
  };
  const call = caller(engine, key);
  const productLatency = await latency(
    (i) => call('/v1/resolve/products', { query: queries[i] }),
    queries.length,
  );
  const next = random(5);
  const venueLatency = await latency((i) => {
    const venue = venues[Math.floor(next() * venues.length)]!;
    const typo = venue.name.replace(/([a-z])([a-z])/, '$2$1');
    const location =
      i % 2 === 0
        ? { city: venue.city }
        : { lat: venue.centre.lat, lng: venue.centre.lng, radius_miles: 5 };
    return call('/v1/resolve/venues', { query: i % 3 === 0 ? typo : venue.name, location });
  }, QUERIES);
  await engine.close();
  const minisearch = await benchMiniSearch(products, queries);
  return { build, productLatency, venueLatency, minisearch };
}

const child = (args: string[]) =>
  JSON.parse(
    execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', 'bench/resolve.ts', ...args],
      {
        encoding: 'utf8',
        maxBuffer: 1 << 24,
      },
    )
      .trim()
      .split('\n')
      .at(-1)!,
  );

/**
 * Resolve at scale on SQLite, each phase in its own process: the import, then a fresh engine
 * that builds its indexes from the store (so its memory is the index's, not the import's).
 */
export function benchResolve(): ResolveBench {
  const dir = mkdtempSync(join(tmpdir(), 'bench-resolve-'));
  const file = join(dir, 'bench.db');
  try {
    const { importMs } = child(['--prepare', file]) as { importMs: number };
    const served = child(['--serve', file]) as Omit<
      ResolveBench,
      'products' | 'venues' | 'importMs'
    >;
    return { products: PRODUCTS, venues: VENUES, importMs, ...served };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const [, script, phase, file] = process.argv;
if (script?.endsWith('resolve.ts') && phase === '--prepare')
  void prepare(file!).then((result) => console.log(JSON.stringify(result)));
if (script?.endsWith('resolve.ts') && phase === '--serve')
  void serve(file!).then((result) => console.log(JSON.stringify(result)));
