import { z } from 'zod';
import { SandboxError } from './errors';
import { isoTime } from './ids';
import { DEFAULT_PRODUCTS } from './seed-products';
import {
  AVAILABILITY,
  BUYER_DETAILS,
  type Product,
  type SandboxAvailability,
  type SandboxProductSeed,
} from './types';

export { DEFAULT_PRODUCTS };

export const SCHEMA_ORG_AVAILABILITY: Record<SandboxAvailability, string> = {
  in_stock: 'https://schema.org/InStock',
  limited: 'https://schema.org/LimitedAvailability',
  out_of_stock: 'https://schema.org/OutOfStock',
  preorder: 'https://schema.org/PreOrder',
  backorder: 'https://schema.org/BackOrder',
  discontinued: 'https://schema.org/Discontinued',
};

/** ACP LineItem.availability_status for each sandbox availability. */
export const ACP_AVAILABILITY: Record<SandboxAvailability, string> = {
  in_stock: 'in_stock',
  limited: 'low_stock',
  out_of_stock: 'out_of_stock',
  preorder: 'pre_order',
  backorder: 'backorder',
  discontinued: 'out_of_stock',
};

/** Whether the shop takes orders for it (pre-orders and back-orders are taken). */
export const PURCHASABLE: Record<SandboxAvailability, boolean> = {
  in_stock: true,
  limited: true,
  out_of_stock: false,
  preorder: true,
  backorder: true,
  discontinued: false,
};

/** A valid GTIN-13 derived from the sku (prefix 200-299 is for in-store use, never a real item). */
export function gtin13For(sku: string): string {
  let hash = 0;
  for (const ch of sku) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const body = `20${String(hash % 10 ** 10).padStart(10, '0')}`;
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return body + String((10 - (sum % 10)) % 10);
}

export function productFromSeed(seed: SandboxProductSeed, at: number): Product {
  return {
    sku: seed.sku,
    name: seed.name,
    description: seed.description ?? seed.name,
    brand: seed.brand ?? 'Sandbox Outfitters',
    gtin13: seed.gtin13 ?? gtin13For(seed.sku),
    price_cents: seed.price_cents,
    currency: (seed.currency ?? 'USD').toUpperCase(),
    availability: seed.availability ?? 'in_stock',
    stock_quantity: seed.stock_quantity ?? null,
    requires: seed.requires ?? [],
    updated_at: at,
  };
}

export const SKU = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export const ProductPatch = z.strictObject({
  name: z.string().min(1).max(200).optional(),
  description: z.string().max(2000).optional(),
  brand: z.string().min(1).max(100).optional(),
  gtin13: z
    .string()
    .regex(/^\d{13}$/)
    .optional(),
  price_cents: z.number().int().min(0).max(100_000_000).optional(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .optional(),
  availability: z.enum(AVAILABILITY).optional(),
  stock_quantity: z.number().int().min(0).nullable().optional(),
  requires: z.array(z.enum(BUYER_DETAILS)).optional(),
});
export type ProductPatch = z.infer<typeof ProductPatch>;

/** Applies a control-API change; a new sku needs name and price_cents. Returns [product, created]. */
export function upsertProduct(
  products: Map<string, Product>,
  sku: string,
  patch: ProductPatch,
  at: number,
): [Product, boolean] {
  if (!SKU.test(sku)) {
    throw new SandboxError(400, 'parameter_invalid', 'A sku is 1-64 of A-Z a-z 0-9 . _ -.', 'sku');
  }
  const existing = products.get(sku);
  if (!existing && (patch.name === undefined || patch.price_cents === undefined)) {
    const missing = patch.name === undefined ? 'name' : 'price_cents';
    throw new SandboxError(
      400,
      'parameter_missing',
      `Product '${sku}' does not exist yet: send name and price_cents to create it.`,
      `$.${missing}`,
    );
  }
  const base = existing ?? productFromSeed({ sku, name: patch.name!, price_cents: 0 }, at);
  const next: Product = {
    ...base,
    ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
    currency: (patch.currency ?? base.currency).toUpperCase(),
    updated_at: at,
  };
  if (patch.stock_quantity === 0 && patch.availability === undefined) {
    next.availability = 'out_of_stock';
  }
  products.set(sku, next);
  return [next, !existing];
}

export function productUrl(baseUrl: string, sku: string): string {
  return `${baseUrl}/products/${encodeURIComponent(sku)}`;
}

export function imageUrl(baseUrl: string, sku: string): string {
  return `${baseUrl}/images/${encodeURIComponent(sku)}.svg`;
}

/** The control API's view of a product. */
export function productView(product: Product, baseUrl: string) {
  return {
    object: 'product',
    sku: product.sku,
    name: product.name,
    description: product.description,
    brand: product.brand,
    gtin13: product.gtin13,
    price_cents: product.price_cents,
    currency: product.currency,
    availability: product.availability,
    stock_quantity: product.stock_quantity,
    url: productUrl(baseUrl, product.sku),
    image_url: imageUrl(baseUrl, product.sku),
    updated_at: isoTime(product.updated_at),
  };
}
