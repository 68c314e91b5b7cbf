import type { EngineContext } from '../context';
import type { StoreTx } from '../ports';
import {
  offerIdOf,
  type CatalogMode,
  type CatalogOfferDoc,
  type CatalogProductDoc,
} from '../schemas/catalog';
import { afterCommit } from '../store/after-commit';
import { canonicalJson } from '../util/canonical-json';
import { gtin14 } from '../util/gtin';
import { isoTime } from '../util/time';
import { catalogIndexOf } from './catalog-index';
import { mpnKey, productIdentifiers } from './identifiers';

/**
 * A merchant's offer as seen on its page or in a feed. `observed_at` is null from an import that
 * does not say: now for a new or changed offer, else kept.
 */
export type OfferSighting = Pick<
  CatalogOfferDoc,
  'merchant' | 'url' | 'sku' | 'price_cents' | 'currency' | 'availability'
> & { observed_at: string | null };

/** A product as a page, a capture or an import row shows it. */
export interface ProductSighting {
  mode: CatalogMode;
  name: string;
  brand: string | null;
  category: string | null;
  image: string | null;
  /** `gtin` may be any of GTIN-8/12/13/14 (UPC, EAN); one whose check digit fails is ignored. */
  identifiers: { gtin: string | null; mpn: string | null; sku: string | null };
  offer: OfferSighting | null;
}

/** An offer seen at another URL of the same merchant takes the offer over after this long. */
const STALE_OFFER_MS = 24 * 60 * 60 * 1000;

const first = async <T>(rows: Promise<T[]>) => (await rows)[0] ?? null;
const same = (a: object | null, b: object) => a !== null && canonicalJson(a) === canonicalJson(b);

/**
 * Puts a sighting into the catalog: the product it is (matched by GTIN, then brand + MPN, then —
 * for a page with neither — by its URL; never by name), created if new, and the merchant's offer.
 * Writes only what changed, so a page or a row seen again changes nothing. The search index
 * learns of the product once the transaction commits.
 */
export async function recordProduct(
  tx: StoreTx,
  ctx: EngineContext,
  sighting: ProductSighting,
): Promise<'created' | 'matched'> {
  const now = isoTime(ctx.clock.now());
  const gtin = gtin14(sighting.identifiers.gtin);
  const mpn = mpnKey(sighting.brand, sighting.identifiers.mpn);
  const atUrl = sighting.offer ? await offerAt(tx, sighting.mode, sighting.offer.url) : null;
  const found = await matchProduct(tx, sighting.mode, gtin, mpn, atUrl);
  let product: CatalogProductDoc =
    found ?? newProduct(ctx.ids.next('prod'), sighting, gtin, mpn, now);
  product = withIdentity(product, sighting, gtin, mpn);
  if (sighting.offer) {
    const merchant = sighting.offer.merchant;
    if (atUrl && atUrl.product_id !== product.product_id && atUrl.merchant === merchant)
      await moveUrlAway(tx, ctx, atUrl, now);
    if (found) await recordOffer(tx, ctx, product.product_id, sighting, now);
    else await tx.put('catalog_offers', offerDoc(product.product_id, sighting, now));
    if (!product.merchant_coverage.includes(merchant))
      product = { ...product, merchant_coverage: [...product.merchant_coverage, merchant].sort() };
  }
  await saveProduct(tx, ctx, found, product, now);
  return found ? 'matched' : 'created';
}

/** The offer of a page in a mode, if the catalog has one. */
export function offerAt(tx: StoreTx, mode: CatalogMode, url: string) {
  return first(
    tx.query<CatalogOfferDoc>('catalog_offers', { index: 'by_url', prefix: [mode, url], limit: 1 }),
  );
}

async function matchProduct(
  tx: StoreTx,
  mode: CatalogMode,
  gtin: string | null,
  mpn: string | null,
  atUrl: CatalogOfferDoc | null,
): Promise<CatalogProductDoc | null> {
  const fits = (p: CatalogProductDoc) =>
    (!gtin || !p.gtin_key || p.gtin_key === gtin) && (!mpn || !p.mpn_key || p.mpn_key === mpn);
  if (gtin) {
    const byGtin = await first(
      tx.query<CatalogProductDoc>('products', { index: 'by_gtin', prefix: [mode, gtin] }),
    );
    if (byGtin) return byGtin;
  }
  if (mpn) {
    const byMpn = await tx.query<CatalogProductDoc>('products', {
      index: 'by_mpn',
      prefix: [mode, mpn],
    });
    // Same brand and MPN but another GTIN is another variant, not this product.
    const match = byMpn.find(fits);
    if (match) return match;
  }
  if (!atUrl) return null;
  const ofUrl = await tx.get<CatalogProductDoc>('products', atUrl.product_id);
  return ofUrl && fits(ofUrl) ? ofUrl : null;
}

function newProduct(
  productId: string,
  sighting: ProductSighting,
  gtin: string | null,
  mpn: string | null,
  now: string,
): CatalogProductDoc {
  return {
    product_id: productId,
    mode: sighting.mode,
    name: sighting.name,
    brand: null,
    identifiers: productIdentifiers(gtin, null, null),
    image: null,
    category: null,
    gtin_key: gtin,
    mpn_key: mpn,
    merchant_coverage: [],
    created_at: now,
    updated_at: now,
  };
}

/**
 * The product with the gaps the sighting can fill: the first source to name a product names it
 * (several merchants' pages and feed rows call one product differently; taking turns would
 * rewrite it on every read).
 */
function withIdentity(
  product: CatalogProductDoc,
  sighting: ProductSighting,
  gtin: string | null,
  mpn: string | null,
): CatalogProductDoc {
  const pick = <T>(ours: T | null, theirs: T | null) => ours ?? theirs;
  const gtinKey = product.gtin_key ?? gtin;
  return {
    ...product,
    brand: pick(product.brand, sighting.brand),
    category: pick(product.category, sighting.category),
    image: pick(product.image, sighting.image),
    identifiers: productIdentifiers(
      gtinKey,
      pick(product.identifiers.mpn, sighting.identifiers.mpn),
      pick(product.identifiers.sku, sighting.identifiers.sku),
    ),
    gtin_key: gtinKey,
    mpn_key: product.mpn_key ?? mpn,
  };
}

function offerDoc(productId: string, sighting: ProductSighting, now: string): CatalogOfferDoc {
  const offer = sighting.offer!;
  return {
    offer_id: offerIdOf(productId, offer.merchant),
    product_id: productId,
    mode: sighting.mode,
    merchant: offer.merchant,
    url: offer.url,
    sku: offer.sku,
    price_cents: offer.price_cents,
    currency: offer.currency,
    availability: offer.availability,
    observed_at: offer.observed_at ?? now,
  };
}

/**
 * The merchant's offer of the product, as last seen. Another page of the same merchant for the
 * same product (a tracking parameter, a second listing) takes the offer over only once the
 * offer's own page has not been seen for a day: two live pages do not take turns.
 */
async function recordOffer(
  tx: StoreTx,
  ctx: EngineContext,
  productId: string,
  sighting: ProductSighting,
  now: string,
) {
  const next = offerDoc(productId, sighting, now);
  const current = await tx.get<CatalogOfferDoc>('catalog_offers', next.offer_id);
  if (current && current.url !== next.url) {
    const age = ctx.clock.now() - Date.parse(current.observed_at);
    if (age < STALE_OFFER_MS) return;
  }
  // A row that does not say when it was seen does not make an unchanged offer newer.
  const undated = current && sighting.offer!.observed_at === null;
  if (undated && same(current, { ...next, observed_at: current.observed_at })) return;
  if (!same(current ?? null, next)) await tx.put('catalog_offers', next);
}

/**
 * A page known only by its URL turned out to be another product (it now shows identifiers that
 * match one): its offer leaves the old product. Offers of identified products stay (a variant
 * page read for two variants is two products at one URL).
 */
async function moveUrlAway(tx: StoreTx, ctx: EngineContext, offer: CatalogOfferDoc, now: string) {
  const old = await tx.get<CatalogProductDoc>('products', offer.product_id);
  if (!old || old.gtin_key || old.mpn_key) return;
  await tx.delete('catalog_offers', offer.offer_id);
  const coverage = old.merchant_coverage.filter((merchant) => merchant !== offer.merchant);
  await saveProduct(tx, ctx, old, { ...old, merchant_coverage: coverage }, now);
}

async function saveProduct(
  tx: StoreTx,
  ctx: EngineContext,
  before: CatalogProductDoc | null,
  after: CatalogProductDoc,
  now: string,
) {
  if (same(before, after)) return;
  const doc = { ...after, updated_at: now };
  await tx.put('products', doc);
  afterCommit(tx, () => catalogIndexOf(ctx).committed.product(doc));
}
