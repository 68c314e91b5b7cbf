import type { ProductIdentifiers } from '../schemas/catalog';
import { foldText } from './text';

/** The identifiers a GTIN-14 stands for: its UPC-A and EAN-13 forms when it has them. */
export function gtinForms(gtin: string | null): Pick<ProductIdentifiers, 'gtin' | 'upc' | 'ean'> {
  if (!gtin) return { gtin: null, upc: null, ean: null };
  // A GTIN-8 padded: an EAN-8, never a UPC.
  if (gtin.startsWith('000000')) return { gtin, upc: null, ean: gtin.slice(6) };
  return {
    gtin,
    upc: gtin.startsWith('00') ? gtin.slice(2) : null,
    ean: gtin.startsWith('0') ? gtin.slice(1) : null,
  };
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
