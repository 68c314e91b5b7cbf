import type { EngineContext } from '../context';
import type { StoreTx } from '../ports';
import { catalogModeOf, type CatalogMode } from '../schemas/catalog';
import type { Observation } from '../schemas/intent';
import type { WatchDoc } from '../schemas/watch';
import { fingerprint } from '../util/fingerprint';
import { offerAt, recordProduct, type ProductSighting } from './ingest-product';
import type { PageIdentity } from './page-identity';

type CatalogMark = NonNullable<WatchDoc['catalog']>;

/** What a monitor check read off a page (monitor/observe.ts CheckOutcome, when observed). */
export interface PageRead {
  observation: Observation;
  sku: string | null;
  /** Null when the page was not read again (304, or the very same page as last time). */
  identity: PageIdentity | null;
}

const HOUR = 60 * 60 * 1000;

/**
 * The monitor's catalog write, in the transaction that stores the watch: a page enters the
 * catalog (its product and this merchant's offer) when what it says changed — identity, price,
 * stock — and at most hourly otherwise, to keep the offer's `observed_at` fresh. Unchanged pages
 * cost nothing: the watch remembers what it last wrote. Returns that mark for the watch.
 */
export async function recordCatalogPage(
  tx: StoreTx,
  ctx: EngineContext,
  watch: WatchDoc,
  page: PageRead,
  now: number,
): Promise<CatalogMark | null> {
  const previous = watch.catalog ?? null;
  const fresh = previous !== null && now - previous.at < HOUR;
  const { observation } = page;
  if (!observation.merchant) return previous;
  const mode = catalogModeOf(watch.livemode);
  if (!page.identity) {
    if (fresh) return previous;
    await refreshOffer(tx, mode, watch.url, page);
    return { fingerprint: previous?.fingerprint ?? null, at: now };
  }
  const print = pagePrint(page.identity, observation, page.sku);
  if (fresh && previous.fingerprint === print) return previous;
  await recordProduct(tx, ctx, sightingOf(mode, watch.url, page, observation.merchant));
  return { fingerprint: print, at: now };
}

/**
 * What the catalog entry of a page depends on, fingerprinted: its values in a fixed order, as
 * plain JSON (canonical JSON of the objects costs several times more, on every check). A field
 * added to PageIdentity belongs here too.
 */
function pagePrint(identity: PageIdentity, observation: Observation, sku: string | null) {
  const { price_cents, currency, availability, merchant } = observation;
  return fingerprint(
    JSON.stringify([
      identity.name,
      identity.brand,
      identity.category,
      identity.image,
      identity.gtin,
      identity.mpn,
      identity.sku,
      price_cents,
      currency,
      availability,
      merchant,
      sku,
    ]),
  );
}

function sightingOf(
  mode: CatalogMode,
  url: string,
  page: PageRead,
  merchant: string,
): ProductSighting {
  const identity = page.identity!;
  return {
    mode,
    name: identity.name,
    brand: identity.brand,
    category: identity.category,
    image: identity.image,
    identifiers: { gtin: identity.gtin, mpn: identity.mpn, sku: identity.sku },
    offer: { merchant, url, sku: page.sku, ...figuresOf(page.observation) },
  };
}

const figuresOf = (observation: Observation) => ({
  price_cents: observation.price_cents,
  currency: observation.currency,
  availability: observation.availability,
  observed_at: observation.observed_at,
});

/** The page's offer, seen again unchanged: its figures and `observed_at` refreshed. */
async function refreshOffer(tx: StoreTx, mode: CatalogMode, url: string, page: PageRead) {
  const offer = await offerAt(tx, mode, url);
  if (offer) await tx.put('catalog_offers', { ...offer, ...figuresOf(page.observation) });
}
