import { expect } from 'vitest';
import { productPurchase, seedProduct } from './catalog-seed';
import {
  call,
  newWorld,
  ordersOf,
  SANDBOX,
  SANDBOX_2,
  setProduct,
  type World,
  type WorldOptions,
} from './world';

/**
 * One product sold by two sandbox shops (SANDBOX and SANDBOX_2, merchants 127.0.0.1 and
 * 127.0.0.2), the catalog naming both, and a product_id intent for it: the product_id tests' world.
 */

export const SKU = 'runner';
export const pageAt = (shop: string) => `${SANDBOX === shop ? SANDBOX : SANDBOX_2}/products/${SKU}`;

export type Shop = {
  price_cents: number;
  availability?: string;
  stock_quantity?: number;
  currency?: string;
};

/** Two shops selling SKU at their prices, the catalog product naming both, and its intent. */
export async function twoShops(
  a: Shop,
  b: Shop,
  overrides: Record<string, unknown> | ((productId: string) => Record<string, unknown>) = {},
  options: WorldOptions = {},
) {
  const world = await newWorld({ ...options, shops: [SANDBOX_2] });
  await setProduct(world, SKU, a, SANDBOX);
  await setProduct(world, SKU, b, SANDBOX_2);
  const productId = await seedProduct(world.store, [
    { url: pageAt(SANDBOX), sku: SKU },
    { url: pageAt(SANDBOX_2), sku: SKU },
  ]);
  const more = typeof overrides === 'function' ? overrides(productId) : overrides;
  const res = await call(world, 'POST', '/v1/intents', productPurchase(productId, more));
  expect(res.status).toBe(201);
  return { world, productId, id: res.body.intent_id as string };
}

export const intentOf = async (world: World, id: string) =>
  (await call(world, 'GET', `/v1/intents/${id}`)).body;

export const eventsOf = async (world: World, id: string) =>
  (await call(world, 'GET', `/v1/intents/${id}/events?limit=200`)).body.events as Array<{
    type: string;
    data: Record<string, unknown>;
  }>;

/** Orders of SKU placed at each shop. */
export const orders = (world: World) => ({
  a: ordersOf(world, SKU, SANDBOX).length,
  b: ordersOf(world, SKU, SANDBOX_2).length,
});
