import type { StoreReader } from '../ports';

/** An offer of an item by a merchant, from the resolve catalog. */
export interface CatalogOffer {
  merchant: string;
  url: string;
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
