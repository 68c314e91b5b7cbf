import type { ProductIdentifiers } from '../schemas/catalog';
import { foldText } from './text';

/**
 * A product's identifiers: its GTIN-14 with the UPC-A and EAN-13 forms it has, and its MPN and
 * SKU. One literal each way, not the GTIN's forms spread with more added (util/with-fields.ts).
 */
export function productIdentifiers(
  gtin: string | null,
  mpn: string | null,
  sku: string | null,
): ProductIdentifiers {
  if (!gtin) return { gtin: null, upc: null, ean: null, mpn, sku };
  // A GTIN-8 padded: an EAN-8, never a UPC.
  if (gtin.startsWith('000000')) return { gtin, upc: null, ean: gtin.slice(6), mpn, sku };
  const upc = gtin.startsWith('00') ? gtin.slice(2) : null;
  return { gtin, upc, ean: gtin.startsWith('0') ? gtin.slice(1) : null, mpn, sku };
}

/** An MPN or SKU as compared: case, spaces, dashes, dots and slashes do not count. */
export function codeKey(value: string | null | undefined): string | null {
  const key = foldText(value ?? '').replace(/[\s\-./_]+/g, '');
  return key.length > 0 ? key : null;
}

/** The brand + MPN match key; null without both (an MPN alone is not unique across brands). */
export function mpnKey(brand: string | null, mpn: string | null): string | null {
  // Most pages name no MPN: the brand is not folded for nothing (once per page the monitor reads).
  const code = codeKey(mpn);
  if (!code) return null;
  const brandKey = foldText(brand ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return brandKey ? `${brandKey}|${code}` : null;
}
