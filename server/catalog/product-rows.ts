import { z } from 'zod';
import { normalizeAvailability } from '../../engine/extract/index';
import {
  gtin14,
  merchantIdOf,
  minorUnits,
  type CatalogMode,
  type ProductSighting,
} from '../../engine/index';
import { httpUrl, issueOf, number, text, timestamp } from './row-fields';

/**
 * A product row of a JSON or CSV import (README: Resolve): the product, and optionally one
 * merchant's offer of it. Several rows with one GTIN (or brand + MPN) are one product offered by
 * several merchants.
 */
const ProductRow = z
  .object({
    name: text(300),
    brand: text(100).optional(),
    category: text(300).optional(),
    image: httpUrl.optional(),
    gtin: text(32).optional(),
    upc: text(32).optional(),
    ean: text(32).optional(),
    mpn: text(64).optional(),
    sku: text(64).optional(),
    url: httpUrl.optional(),
    price_cents: number.pipe(z.number().int().min(0)).optional(),
    price: number.pipe(z.number().min(0)).optional(),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'an ISO 4217 code such as USD')
      .transform((code) => code.toUpperCase())
      .optional(),
    availability: text(100).optional(),
    observed_at: timestamp.optional(),
  })
  .strict();

type Row = z.infer<typeof ProductRow>;

/** The row as sightings (one per mode), or why it is skipped. */
export function productSightings(
  value: unknown,
  modes: readonly CatalogMode[],
): ProductSighting[] | { reason: string } {
  const parsed = ProductRow.safeParse(value);
  if (!parsed.success) return { reason: issueOf(parsed.error) };
  const row = parsed.data;
  const barcodes = [row.gtin, row.upc, row.ean].filter((code) => code !== undefined);
  const bad = barcodes.find((code) => gtin14(code) === null);
  if (bad !== undefined)
    return { reason: `'${bad}' is not a GTIN/UPC/EAN (8, 12, 13 or 14 digits, check digit)` };
  const gtins = new Set(barcodes.map(gtin14));
  if (gtins.size > 1) return { reason: 'gtin, upc and ean name different products' };
  const offer = offerOf(row);
  if ('reason' in offer) return offer;
  return modes.map((mode) => ({
    mode,
    name: row.name,
    brand: row.brand ?? null,
    category: row.category ?? null,
    image: row.image ?? null,
    identifiers: { gtin: barcodes[0] ?? null, mpn: row.mpn ?? null, sku: row.sku ?? null },
    offer: offer.offer,
  }));
}

function offerOf(row: Row): { offer: ProductSighting['offer'] } | { reason: string } {
  const priced = row.price_cents !== undefined || row.price !== undefined;
  if (!row.url) {
    return priced || row.availability
      ? { reason: 'an offer (price, availability) needs the url of its page' }
      : { offer: null };
  }
  // The merchant is the page's host, as in allowed_merchants (CONTRACT §9).
  const merchant = merchantIdOf(row.url);
  if (!merchant) return { reason: `url '${row.url}' has no host name a merchant id can be` };
  if (priced && !row.currency) return { reason: 'a price needs its currency' };
  const availability = row.availability ? normalizeAvailability(row.availability) : 'unknown';
  if (row.availability && availability === 'unknown' && row.availability !== 'unknown')
    return { reason: `availability '${row.availability}' is not one we know (in_stock, …)` };
  return {
    offer: {
      merchant,
      url: row.url,
      sku: row.sku ?? null,
      price_cents: priceCents(row),
      currency: row.currency ?? null,
      availability,
      observed_at: row.observed_at ?? null,
    },
  };
}

/** `price_cents` as given, or `price` (a decimal amount) in the currency's minor units. */
function priceCents(row: Row): number | null {
  if (row.price_cents !== undefined) return row.price_cents;
  if (row.price === undefined || !row.currency) return null;
  return Math.round(row.price * 10 ** minorUnits(row.currency));
}
