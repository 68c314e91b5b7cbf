import type { StoreReader } from '../ports';
import type { CatalogOfferDoc, CatalogProductDoc } from '../schemas/catalog';

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

/**
 * The catalog's offers for an item's sku, in one scope (CONTRACT §14). The Resolve issue fills the
 * catalog; until then no sku has an offer and a procurement without a supplier waits
 * (SUPPLIER_UNKNOWN).
 */
export async function catalogOffersForSku(
  _reader: StoreReader,
  _livemode: boolean,
  _sku: string,
): Promise<CatalogOffer[]> {
  return [];
}
