import type { EngineContext } from '../context';
import type { Extraction } from '../extract/types';
import {
  catalogModeOf,
  type CatalogMode,
  type CatalogOfferDoc,
  type CatalogProductDoc,
  type FacilityDoc,
  type VenueDoc,
} from '../schemas/catalog';
import { isoTime } from '../util/time';
import type { FacilityKind } from '../vocabulary';
import { recordFacility, recordVenue, type PlaceSighting } from './ingest-place';
import { recordProduct, type ProductSighting } from './ingest-product';
import { pageIdentity } from './page-identity';

/**
 * A page the extension's content script read (built-in engine): into the catalog of the mode of
 * the engine's local key, through the same matching as the monitor's pages. Returns whether it
 * named a product.
 */
export async function recordCapturedPage(
  ctx: EngineContext,
  url: string,
  extraction: Extraction,
  livemode: boolean,
): Promise<boolean> {
  const identity = pageIdentity(extraction);
  if (!identity || !extraction.merchant) return false;
  const offer = extraction.offer;
  const sighting: ProductSighting = {
    mode: catalogModeOf(livemode),
    name: identity.name,
    brand: identity.brand,
    category: identity.category,
    image: identity.image,
    identifiers: { gtin: identity.gtin, mpn: identity.mpn, sku: identity.sku },
    offer: {
      merchant: extraction.merchant,
      url: url.split('#')[0]!,
      sku: offer?.sku ?? identity.sku,
      price_cents: offer?.price_cents ?? null,
      currency: offer?.currency ?? null,
      availability: offer?.availability ?? 'unknown',
      observed_at: isoTime(ctx.clock.now()),
    },
  };
  await ctx.store.transact((tx) => recordProduct(tx, ctx, sighting));
  return true;
}

/** Import rows, in one transaction: each one `created` (a new entry) or `matched` (merged). */
export function importProducts(ctx: EngineContext, rows: ProductSighting[]) {
  return ctx.store.transact(async (tx) => {
    const outcomes: ('created' | 'matched')[] = [];
    for (const row of rows) outcomes.push(await recordProduct(tx, ctx, row));
    return outcomes;
  });
}

export function importVenues(ctx: EngineContext, rows: PlaceSighting[]) {
  return ctx.store.transact(async (tx) => {
    const outcomes: ('created' | 'matched')[] = [];
    for (const row of rows) outcomes.push(await recordVenue(tx, ctx, row));
    return outcomes;
  });
}

export function importFacilities(
  ctx: EngineContext,
  rows: (PlaceSighting & { kinds: FacilityKind[] })[],
) {
  return ctx.store.transact(async (tx) => {
    const outcomes: ('created' | 'matched')[] = [];
    for (const row of rows) outcomes.push(await recordFacility(tx, ctx, row));
    return outcomes;
  });
}

export interface CatalogStats {
  products: Record<CatalogMode, { products: number; offers: number; merchants: number }>;
  venues: { venues: number; providers: number; cities: number };
  facilities: { facilities: number; providers: number; kinds: Record<string, number> };
}

/** What the catalog holds (`intent-server catalog stats`). */
export async function catalogStats(ctx: EngineContext): Promise<CatalogStats> {
  const all = <T extends Record<string, unknown>>(table: string) =>
    ctx.store.query<T>(table, { index: 'by_updated', prefix: [], range: { gte: '' } });
  const products = await all<CatalogProductDoc>('products');
  const perMode = async (mode: CatalogMode) => {
    const offers = await ctx.store.query<CatalogOfferDoc>('catalog_offers', {
      index: 'by_url',
      prefix: [mode],
    });
    return {
      products: products.filter((p) => p.mode === mode).length,
      offers: offers.length,
      merchants: new Set(offers.map((o) => o.merchant)).size,
    };
  };
  const venues = await all<VenueDoc>('venues');
  const facilities = await all<FacilityDoc>('facilities');
  const kinds: Record<string, number> = {};
  for (const facility of facilities)
    for (const kind of facility.kinds) kinds[kind] = (kinds[kind] ?? 0) + 1;
  return {
    products: { test: await perMode('test'), live: await perMode('live') },
    venues: {
      venues: venues.length,
      providers: new Set(venues.map((v) => v.provider)).size,
      cities: new Set(venues.map((v) => `${v.city}|${v.country}`)).size,
    },
    facilities: {
      facilities: facilities.length,
      providers: new Set(facilities.map((f) => f.provider)).size,
      kinds,
    },
  };
}
