import type { Caller } from '../caller';
import type { EngineContext } from '../context';
import { invalid } from '../errors';
import type { StoreReader } from '../ports';
import {
  catalogModeOf,
  type CatalogMode,
  type CatalogOfferDoc,
  type CatalogProductDoc,
} from '../schemas/catalog';
import {
  RESOLVE_LIMIT,
  type ProductCandidate,
  type ResolveProductsInput,
} from '../schemas/resolve';
import { gtin14 } from '../util/gtin';
import { merchantIdOf } from '../util/merchant-id';
import { catalogIndexOf } from './catalog-index';
import { codeKey } from './identifiers';
import { offersOfProduct } from './offers';
import type { ProductIndex } from './product-index';
import { IDENTIFIER_SCORE, textScore } from './score';
import { searchText } from './text-search';

/**
 * POST /v1/resolve/products: exact identifier matches first (the `identifiers` given, or a query
 * that is itself a GTIN/UPC/EAN, MPN or SKU), then the text search; only products an allowed
 * merchant covers. Offers (each covered merchant's latest price) are read from the store.
 */
export async function resolveProducts(
  ctx: EngineContext,
  caller: Caller,
  input: ResolveProductsInput,
): Promise<ProductCandidate[]> {
  const mode = catalogModeOf(caller.livemode);
  const index = await catalogIndexOf(ctx).products(mode);
  const allowed = allowedMerchants(input.allowed_merchants);
  const accept = allowed
    ? (id: string) => index.merchantsOf(id).some((merchant) => allowed.has(merchant))
    : undefined;
  const limit = input.limit ?? RESOLVE_LIMIT.default;
  const exact = (await identifierMatches(ctx.store, index, mode, input))
    .filter((id) => !accept || accept(id))
    .slice(0, limit);
  const { terms, hits } = searchText(index.text.view(), input.query, {
    limit: limit + exact.length,
    accept,
  });
  const best = hits[0]?.relevance ?? 1;
  const ranked = [
    ...exact.map((id) => ({ id, match: 'identifier' as const, score: IDENTIFIER_SCORE })),
    ...hits
      .filter((hit) => !exact.includes(hit.id))
      .map((hit) => ({ id: hit.id, match: 'text' as const, score: textScore(hit, terms, best) })),
  ].slice(0, limit);
  const candidates = await Promise.all(
    ranked.map(async ({ id, match, score }) => {
      const product = await ctx.store.get<CatalogProductDoc>('products', id);
      if (!product) return null;
      const offers = (await offersOfProduct(ctx.store, id)).filter(
        (offer) => !allowed || allowed.has(offer.merchant),
      );
      return candidateOf(product, offers, match, score);
    }),
  );
  return candidates.filter((candidate) => candidate !== null);
}

function allowedMerchants(list: string[] | undefined): Set<string> | null {
  if (!list) return null;
  return new Set(
    list.map((value, i) => {
      const id = merchantIdOf(value);
      if (!id)
        throw invalid(
          `allowed_merchants[${i}]`,
          `allowed_merchants[${i}] must be a merchant host name such as shop.example.com.`,
        );
      return id;
    }),
  );
}

/**
 * Products whose identifiers equal those given, or the query: a barcode by its GTIN-14, an MPN
 * or SKU by its folded form (product identifiers and merchants' own skus). Sorted by id, so
 * that ties keep one order.
 */
async function identifierMatches(
  reader: StoreReader,
  index: ProductIndex,
  mode: CatalogMode,
  input: ResolveProductsInput,
): Promise<string[]> {
  const given = input.identifiers ?? {};
  const query = input.query.trim();
  const single = /^\S+$/.test(query) ? query : null;
  const gtins = [given.gtin, given.upc, given.ean, single].map((value) => gtin14(value));
  const codes = [given.mpn, given.sku, single].map((value) => codeKey(value));
  const found = new Set<string>();
  for (const gtin of gtins) if (gtin) index.withKey(`g:${gtin}`).forEach((id) => found.add(id));
  for (const code of codes) if (code) index.withKey(`c:${code}`).forEach((id) => found.add(id));
  for (const sku of [given.sku, single]) {
    if (!sku) continue;
    const offers = await reader.query<CatalogOfferDoc>('catalog_offers', {
      index: 'by_sku',
      prefix: [mode, sku],
      limit: RESOLVE_LIMIT.max,
    });
    for (const offer of offers) found.add(offer.product_id);
  }
  return [...found].sort();
}

function candidateOf(
  product: CatalogProductDoc,
  offers: CatalogOfferDoc[],
  match: 'identifier' | 'text',
  score: number,
): ProductCandidate {
  return {
    product_id: product.product_id,
    name: product.name,
    brand: product.brand,
    identifiers: product.identifiers,
    image: product.image,
    category: product.category,
    merchant_coverage: offers.map((offer) => offer.merchant),
    offers: offers.map((offer) => ({
      merchant: offer.merchant,
      url: offer.url,
      price_cents: offer.price_cents,
      currency: offer.currency,
      availability: offer.availability,
      observed_at: offer.observed_at,
    })),
    match,
    score: Number(score.toFixed(4)),
  };
}
