import type { StoreReader } from '../ports';
import { catalogModeOf, type CatalogOfferDoc, type CatalogProductDoc } from '../schemas/catalog';
import type { Availability } from '../vocabulary';

/** An offer of an item by a merchant, from the resolve catalog. */
export interface CatalogOffer {
  merchant: string;
  url: string;
}

/** A catalog product, or undefined when the id is unknown. */
export function catalogProduct(
  reader: StoreReader,
  productId: string,
): Promise<CatalogProductDoc | undefined> {
  return reader.get<CatalogProductDoc>('products', productId);
}

/** Every merchant's offer of a catalog product, by merchant id. */
export function offersOfProduct(
  reader: StoreReader,
  productId: string,
): Promise<CatalogOfferDoc[]> {
  return reader.query<CatalogOfferDoc>('catalog_offers', {
    index: 'by_product',
    prefix: [productId],
  });
}

const BUYABLE: readonly Availability[] = ['in_stock', 'limited'];

/**
 * The catalog's offers of an item's sku (the merchants' own skus), in the mode's catalog: the
 * ones last seen buyable first, then the cheapest, then by merchant. Procurement buys from the
 * first when the intent names no supplier (CONTRACT §14).
 */
export async function catalogOffersForSku(
  reader: StoreReader,
  livemode: boolean,
  sku: string,
): Promise<CatalogOffer[]> {
  const offers = await reader.query<CatalogOfferDoc>('catalog_offers', {
    index: 'by_sku',
    prefix: [catalogModeOf(livemode), sku],
  });
  const buyable = (offer: CatalogOfferDoc) => (BUYABLE.includes(offer.availability) ? 0 : 1);
  const price = (offer: CatalogOfferDoc) => offer.price_cents ?? Number.MAX_SAFE_INTEGER;
  return [...offers]
    .sort(
      (a, b) =>
        buyable(a) - buyable(b) ||
        price(a) - price(b) ||
        (a.merchant < b.merchant ? -1 : a.merchant > b.merchant ? 1 : 0),
    )
    .map(({ merchant, url }) => ({ merchant, url }));
}
