import { DEFAULT_PRODUCTS, productFromSeed } from './catalog';
import type { Product, SandboxProductSeed, SandboxState } from './types';

/** A fresh in-memory state; reset() puts it back exactly as created. */
export function createState(
  seeds: SandboxProductSeed[] | undefined,
  now: () => number,
): SandboxState {
  const catalog = seeds ?? DEFAULT_PRODUCTS;
  const state: SandboxState = {
    products: new Map<string, Product>(),
    sessions: new Map(),
    orders: [],
    tokens: new Map(),
    challenges: new Map(),
    idempotency: new Map(),
    faults: [],
    reset() {
      state.products.clear();
      for (const seed of catalog) state.products.set(seed.sku, productFromSeed(seed, now()));
      state.sessions.clear();
      state.orders.length = 0;
      state.tokens.clear();
      state.challenges.clear();
      state.idempotency.clear();
      state.faults.length = 0;
    },
  };
  state.reset();
  return state;
}
