import type { Store } from '../../engine/index';
import {
  catalogModeOf,
  offerIdOf,
  type CatalogOfferDoc,
  type CatalogProductDoc,
} from '../../engine/schemas/catalog';
import { merchantIdOf } from '../../engine/util/merchant-id';

let next = 0;

export interface SeededOffer {
  url: string;
  sku?: string | null;
  price_cents?: number | null;
}

/**
 * A catalog product (engine/schemas/catalog.ts) and one offer per page, written through the store
 * as the Resolve ingestion would. Returns the product id.
 */
export async function seedProduct(
  store: Store,
  offers: SeededOffer[],
  options: { livemode?: boolean; productId?: string; name?: string } = {},
): Promise<string> {
  const productId =
    options.productId ?? `prod_test${(next++).toString(36)}${Date.now().toString(36)}`;
  const mode = catalogModeOf(options.livemode ?? false);
  const at = '2026-11-22T09:00:00.000Z';
  const product: CatalogProductDoc = {
    product_id: productId,
    mode,
    name: options.name ?? 'Trail runner',
    brand: 'Acme',
    identifiers: { gtin: '00012345678905', upc: null, ean: null, mpn: null, sku: null },
    image: null,
    category: null,
    gtin_key: '00012345678905',
    mpn_key: null,
    merchant_coverage: [...new Set(offers.map((offer) => merchantIdOf(offer.url)!))].sort(),
    created_at: at,
    updated_at: at,
  };
  await store.transact(async (tx) => {
    await tx.put('products', product);
    for (const offer of offers)
      await tx.put('catalog_offers', offerDoc(productId, mode, offer, at));
  });
  return productId;
}

/** Adds a merchant's offer to a catalog product (the catalog gaining a merchant later). */
export async function seedOffer(
  store: Store,
  productId: string,
  offer: SeededOffer,
  livemode = false,
) {
  const doc = offerDoc(productId, catalogModeOf(livemode), offer, '2026-11-22T09:00:00.000Z');
  await store.transact(async (tx) => {
    await tx.put('catalog_offers', doc);
    const product = (await tx.get<CatalogProductDoc>('products', productId))!;
    const coverage = [...new Set([...product.merchant_coverage, doc.merchant])].sort();
    await tx.put('products', { ...product, merchant_coverage: coverage });
  });
}

function offerDoc(
  productId: string,
  mode: CatalogOfferDoc['mode'],
  offer: SeededOffer,
  at: string,
): CatalogOfferDoc {
  const merchant = merchantIdOf(offer.url)!;
  return {
    offer_id: offerIdOf(productId, merchant),
    product_id: productId,
    mode,
    merchant,
    url: offer.url,
    sku: offer.sku ?? null,
    price_cents: offer.price_cents ?? null,
    currency: offer.price_cents === undefined ? null : 'USD',
    availability: 'unknown',
    observed_at: at,
  };
}

/** A purchase of a catalog product by id, allowed at both sandbox shops; override any part. */
export function productPurchase(productId: string, overrides: Record<string, unknown> = {}) {
  return {
    type: 'purchase',
    external_user_id: 'world',
    objective: { product: { product_id: productId } },
    conditions: { max_price_cents: 12_000, currency: 'USD' },
    guardrails: { allowed_merchants: ['127.0.0.1', '127.0.0.2'] },
    payment: { payment_method_id: 'pm_card_visa', max_charge_cents: 15_000 },
    ...overrides,
  };
}
