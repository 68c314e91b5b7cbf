import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProduct, productPurchase } from '../support/catalog-seed';
import { runCli } from '../support/server-process';
import { startStack, type Sandbox, type Stack } from '../support/stack';

/**
 * The done-means of product_id intents (issue 13) through the real server: one product sold by two
 * sandbox merchants (127.0.0.1 and 127.0.0.2, each its own merchant id) at two prices. A
 * product_id intent buys at the cheaper allowed one, exactly once; with the cheaper merchant not
 * allowed, at the other. The catalog is written to the store before the server starts.
 */

let stack: Stack;
const products: Record<string, string> = {};
const CASES = ['cheaper-allowed', 'cheaper-not-allowed'] as const;
const skuOf = (name: string) => `pid-${name}`;

async function offer(shop: Sandbox, sku: string, price: number) {
  const res = await fetch(`${shop.url}/_control/products/${sku}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Trail runner', price_cents: price }),
  });
  expect(res.status).toBe(201);
}

beforeAll(async () => {
  stack = await startStack([], {}, undefined, {
    shops: ['127.0.0.2'],
    seed: async (store, [one, two]) => {
      for (const name of CASES) {
        const sku = skuOf(name);
        await offer(one!, sku, 11_000);
        await offer(two!, sku, 9_500);
        products[name] = await seedProduct(store, [
          { url: `${one!.url}/products/${sku}`, sku },
          { url: `${two!.url}/products/${sku}`, sku },
        ]);
      }
    },
  });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

/** Orders placed for a case's sku at each shop. */
async function ordersAt(name: string) {
  const counts = [];
  for (const shop of stack.shops) {
    const orders = (await stack.control('/orders', undefined, shop)).data as { sku: string }[];
    counts.push(orders.filter((o) => o.sku === skuOf(name)).length);
  }
  return counts;
}

async function buy(name: string, allowed: string[]) {
  const body = productPurchase(products[name]!, { guardrails: { allowed_merchants: allowed } });
  const res = await stack.api('POST', '/intents', body);
  expect(res.status).toBe(201);
  const id = res.body.intent_id as string;
  await stack.waitForStatus(id, ['succeeded']);
  return id;
}

describe('a product_id intent through the real server and two sandbox merchants', () => {
  it('buys at the cheaper allowed merchant, exactly once, with a receipt that verifies', async () => {
    const id = await buy('cheaper-allowed', ['127.0.0.1', '127.0.0.2']);
    const intent = (await stack.api('GET', `/intents/${id}`)).body;
    expect(intent.latest_execution.merchant).toBe('127.0.0.2');
    expect(intent.last_observation.other_offers).toEqual([
      expect.objectContaining({ merchant: '127.0.0.1', price_cents: 11_000 }),
    ]);
    // Checked again after more rounds: still one order, at one merchant.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await ordersAt('cheaper-allowed')).toEqual([0, 1]);

    const receipt = (await stack.api('GET', `/intents/${id}/receipt`)).body;
    expect(receipt.merchant).toBe('127.0.0.2');
    expect(receipt.other_offers).toEqual([
      expect.objectContaining({ merchant: '127.0.0.1', price_cents: 11_000 }),
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'pid-receipt-'));
    try {
      const keys = await (await fetch(`${stack.server.baseUrl}/v1/receipt_keys`)).text();
      writeFileSync(join(dir, 'receipt.json'), JSON.stringify(receipt));
      writeFileSync(join(dir, 'keys.json'), keys);
      const args = ['receipts', 'verify', join(dir, 'receipt.json'), '--jwks'];
      const valid = await runCli([...args, join(dir, 'keys.json')]);
      expect(valid.stdout).toMatch(/^valid: receipt rcpt_/);
      const forged = { ...receipt, other_offers: [] };
      writeFileSync(join(dir, 'receipt.json'), JSON.stringify(forged));
      const refused = await runCli([...args, join(dir, 'keys.json')]);
      expect(refused.code).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('buys at the other merchant when the cheaper one is not allowed', async () => {
    const id = await buy('cheaper-not-allowed', ['127.0.0.1']);
    expect((await stack.api('GET', `/intents/${id}`)).body.latest_execution.merchant).toBe(
      '127.0.0.1',
    );
    expect(await ordersAt('cheaper-not-allowed')).toEqual([1, 0]);
  });
});
