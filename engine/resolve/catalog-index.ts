import type { EngineContext } from '../context';
import type { CatalogMode, CatalogProductDoc, FacilityDoc, VenueDoc } from '../schemas/catalog';
import { isoTime } from '../util/time';
import type { Gazetteer } from './location';
import { createPlaceIndex, type PlaceIndex } from './place-index';
import { createProductIndex, type ProductIndex } from './product-index';

/**
 * How far back each poll re-reads: a write stamped `updated_at` this long before it committed,
 * or by an instance whose clock is this far behind, is still picked up.
 */
export const SYNC_OVERLAP_MS = 2000;

interface Stamped {
  [field: string]: unknown;
  updated_at: string;
}

/**
 * One table's search index: built from the store on first use, then kept current by the writes
 * of this engine (after they commit) and by polling the table's `updated_at` index for the
 * writes of others (other instances on one database, `intent-server catalog import`).
 */
function createPart<I, D extends Stamped>(
  ctx: EngineContext,
  table: string,
  make: () => I,
  apply: (index: I, doc: D) => void,
) {
  let built: I | null = null;
  let building: Promise<I> | null = null;
  let early: D[] = [];
  /** Lower bound of the next poll: the previous poll's start, less the overlap. */
  let since = '';

  const readSince = (from: string) =>
    ctx.store.query<D>(table, { index: 'by_updated', prefix: [], range: { gte: from } });

  async function build(): Promise<I> {
    const index = make();
    since = isoTime(ctx.clock.now() - SYNC_OVERLAP_MS);
    for (const doc of await readSince('')) apply(index, doc);
    for (const doc of early) apply(index, doc);
    early = [];
    built = index;
    return index;
  }

  return {
    ready(): Promise<I> {
      return (building ??= build().catch((error: unknown) => {
        building = null;
        early = [];
        throw error;
      }));
    },
    /** A document this engine wrote, once committed. */
    committed(doc: D) {
      if (built) apply(built, doc);
      else if (building) early.push(doc);
    },
    async sync() {
      if (!built) return;
      const from = since;
      since = isoTime(ctx.clock.now() - SYNC_OVERLAP_MS);
      for (const doc of await readSince(from)) apply(built, doc);
    },
  };
}

export interface CatalogIndexOptions {
  /** City centres for `location.city` with `radius_miles`; without one those searches are refused. */
  gazetteer?: Gazetteer;
}

/** The catalog's in-memory search indexes: products per mode, venues, facilities. */
export function createCatalogIndex(ctx: EngineContext, options: CatalogIndexOptions = {}) {
  const products = createPart<Record<CatalogMode, ProductIndex>, CatalogProductDoc>(
    ctx,
    'products',
    () => ({ test: createProductIndex(), live: createProductIndex() }),
    (index, doc) => index[doc.mode].upsert(doc),
  );
  const venues = createPart<PlaceIndex<VenueDoc>, VenueDoc>(
    ctx,
    'venues',
    () => createPlaceIndex<VenueDoc>(),
    (index, doc) => index.upsert(doc),
  );
  const facilities = createPart<PlaceIndex<FacilityDoc>, FacilityDoc>(
    ctx,
    'facilities',
    () => createPlaceIndex<FacilityDoc>(),
    (index, doc) => index.upsert(doc),
  );
  const parts = [products, venues, facilities];
  let syncing: Promise<void> | null = null;
  return {
    gazetteer: options.gazetteer,
    products: async (mode: CatalogMode) => (await products.ready())[mode],
    venues: () => venues.ready(),
    facilities: () => facilities.ready(),
    committed: {
      product: (doc: CatalogProductDoc) => products.committed(doc),
      venue: (doc: VenueDoc) => venues.committed(doc),
      facility: (doc: FacilityDoc) => facilities.committed(doc),
    },
    /** Builds every index now (the server at start) instead of on the first search. */
    buildAll: async () => void (await Promise.all(parts.map((part) => part.ready()))),
    /** Picks up what others wrote since the last poll (every tick; nothing before a build). */
    sync: () =>
      (syncing ??= Promise.all(parts.map((part) => part.sync())).then(
        () => void (syncing = null),
        (error: unknown) => {
          syncing = null;
          throw error;
        },
      )),
  };
}

export type CatalogIndex = ReturnType<typeof createCatalogIndex>;

const attached = new WeakMap<EngineContext, CatalogIndex>();

/** Gives the engine of `ctx` its catalog index (createEngine, once). */
export function attachCatalogIndex(ctx: EngineContext, options: CatalogIndexOptions = {}) {
  const index = createCatalogIndex(ctx, options);
  attached.set(ctx, index);
  return index;
}

/**
 * The catalog index of the engine of `ctx`, for the code that writes the catalog (to index what it
 * committed) and for the resolve routes: one per engine, made on first use if the host made none.
 */
export function catalogIndexOf(ctx: EngineContext): CatalogIndex {
  return attached.get(ctx) ?? attachCatalogIndex(ctx);
}
