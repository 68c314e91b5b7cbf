import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxFeed } from '../support/acp-feed';
import { runCli } from '../support/server-process';
import { startStack, type Sandbox, type Stack } from '../support/stack';

/**
 * The done-means of product_id intents (issue 13) through the real server, with the catalog filled
 * as users fill it: one product sold by two sandbox merchants (127.0.0.1 and 127.0.0.2, each its
 * own merchant id; one sku, so one GTIN in both pages' schema.org markup) at two prices. The
 * catalog gets both offers either from the shops' ACP feeds (`intent-server catalog import`, while
 * the server runs) or from the server's monitor reading both pages (a user watches each page).
 * Then the README's flow: resolve finds ONE product with both merchants and their prices; a
 * product_id intent created from the candidate buys at the cheaper allowed merchant, exactly
 * once; with the cheaper merchant not allowed, at the other.
 */

const HERE = 11_000; // at 127.0.0.1
const THERE = 9_500; // at 127.0.0.2: the cheaper
const FILLINGS = ['feed', 'monitor'] as const;
type Filling = (typeof FILLINGS)[number];

let stack: Stack;
const dir = mkdtempSync(join(tmpdir(), 'pid-catalog-'));
let skuNo = 0;

beforeAll(async () => {
  stack = await startStack([], {}, undefined, { shops: ['127.0.0.2'] });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const [one, two] = [() => stack.shops[0]!, () => stack.shops[1]!];

/** A new product at both shops: the same sku (hence GTIN) and name, a price at each. */
async function soldAtBoth(): Promise<{ sku: string; name: string; gtin: string }> {
  const sku = `pid-${process.pid}-${skuNo++}`;
  const name = `Ridgeline boot ${sku}`;
  for (const [shop, price] of [
    [one(), HERE],
    [two(), THERE],
  ] as [Sandbox, number][]) {
    const res = await fetch(`${shop.url}/_control/products/${sku}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, brand: 'Northpeak', price_cents: price }),
    });
    expect(res.status).toBe(201);
  }
  const { gtin13 } = await stack.control(`/products/${sku}`);
  return { sku, name, gtin: gtin13 as string };
}

/** Each shop's ACP product feed, imported with the CLI while the server runs. */
async function importFeeds(sku: string) {
  for (const shop of stack.shops) {
    const file = join(dir, `${sku}-${new URL(shop.url).hostname}.json`);
    writeFileSync(file, await sandboxFeed(shop.url, [sku]));
    const args = ['catalog', 'import', file, '--kind', 'products', '--format', 'acp'];
    const imported = await runCli([...args, '--data', stack.dataDir]);
    expect(imported.stdout).toContain('skipped 0.');
  }
}

/** A user watches each shop's page (an alert under a price never reached): the monitor reads both. */
async function watchBothPages(sku: string) {
  for (const shop of stack.shops) {
    const res = await stack.api('POST', '/intents', {
      type: 'purchase',
      external_user_id: 'world',
      objective: { product: { product_url: `${shop.url}/products/${sku}` } },
      conditions: { max_price_cents: 100, currency: 'USD' },
    });
    expect(res.status).toBe(201);
  }
}

interface Candidate {
  product_id: string;
  name: string;
  identifiers: { ean: string | null };
  merchant_coverage: string[];
  offers: { merchant: string; price_cents: number; currency: string }[];
}

/**
 * The README's resolve (the name, and the barcode: the product carrying it comes first), until
 * the catalog holds both offers; the candidates then.
 */
function resolveBoth({ name, gtin }: { name: string; gtin: string }) {
  return stack.until(
    async () => {
      const res = await stack.api('POST', '/resolve/products', {
        query: name,
        identifiers: { gtin },
        allowed_merchants: ['127.0.0.1', '127.0.0.2'],
      });
      expect(res.status).toBe(200);
      const candidates = res.body.candidates as Candidate[];
      const first = candidates[0];
      return first?.identifiers.ean === gtin && first.merchant_coverage.length === 2
        ? candidates
        : undefined;
    },
    20_000,
    `${name} at both merchants in the catalog`,
  );
}

/** Orders placed for `sku` at 127.0.0.1 and at 127.0.0.2 (the sandboxes' control API). */
async function ordersAt(sku: string) {
  const counts = [];
  for (const shop of stack.shops) {
    const orders = (await stack.control('/orders', undefined, shop)).data as { sku: string }[];
    counts.push(orders.filter((order) => order.sku === sku).length);
  }
  return counts;
}

/** The README's create: the candidate's product_id, the merchants allowed, USD, a card. */
async function buy(productId: string, allowed: string[]) {
  const res = await stack.api(
    'POST',
    '/intents',
    {
      type: 'purchase',
      external_user_id: 'demo',
      objective: { product: { product_id: productId } },
      conditions: { max_price_cents: 12_000, currency: 'USD', strategy: 'lowest_price' },
      guardrails: { allowed_merchants: allowed },
      payment: { payment_method_id: 'pm_card_visa', max_charge_cents: 15_000 },
    },
    { 'Idempotency-Key': `buy-${productId}-${allowed.join(',')}` },
  );
  expect(res.status).toBe(201);
  const id = res.body.intent_id as string;
  await stack.waitForStatus(id, ['succeeded']);
  return (await stack.api('GET', `/intents/${id}`)).body;
}

describe.each(FILLINGS)('a product_id intent, the catalog filled by the %s', (filling: Filling) => {
  /** A new product at both shops, in the catalog (filled this way), resolved: the candidates. */
  async function catalogued() {
    const product = await soldAtBoth();
    await (filling === 'feed' ? importFeeds(product.sku) : watchBothPages(product.sku));
    return { product, candidates: await resolveBoth(product) };
  }

  it(
    'resolves to one product with both merchants and their prices',
    { timeout: 60_000 },
    async () => {
      const { product, candidates } = await catalogued();
      const withGtin = candidates.filter((candidate) => candidate.identifiers.ean === product.gtin);
      expect(withGtin).toHaveLength(1);
      expect(candidates[0]).toMatchObject({
        name: product.name,
        match: 'identifier',
        merchant_coverage: ['127.0.0.1', '127.0.0.2'],
      });
      expect(candidates[0]!.offers).toEqual([
        expect.objectContaining({ merchant: '127.0.0.1', price_cents: HERE, currency: 'USD' }),
        expect.objectContaining({ merchant: '127.0.0.2', price_cents: THERE, currency: 'USD' }),
      ]);
    },
  );

  it(
    'buys at the cheaper allowed merchant exactly once, with a receipt that verifies',
    { timeout: 60_000 },
    async () => {
      const { product, candidates } = await catalogued();
      const intent = await buy(candidates[0]!.product_id, ['127.0.0.1', '127.0.0.2']);
      expect(intent.latest_execution.merchant).toBe('127.0.0.2');
      expect(intent.last_observation.other_offers).toEqual([
        expect.objectContaining({ merchant: '127.0.0.1', price_cents: HERE }),
      ]);
      // Checked again after more rounds: still one order, at one merchant.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(await ordersAt(product.sku)).toEqual([0, 1]);
      await expectVerifiedReceipt(intent.intent_id as string);
    },
  );

  it(
    'buys at the other merchant when the cheaper one is not allowed',
    { timeout: 60_000 },
    async () => {
      const { product, candidates } = await catalogued();
      const intent = await buy(candidates[0]!.product_id, ['127.0.0.1']);
      expect(intent.latest_execution.merchant).toBe('127.0.0.1');
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(await ordersAt(product.sku)).toEqual([1, 0]);
    },
  );
});

/** The receipt names the merchant and the other offer, and `receipts verify` checks its signature. */
async function expectVerifiedReceipt(intentId: string) {
  const receipt = (await stack.api('GET', `/intents/${intentId}/receipt`)).body;
  expect(receipt.merchant).toBe('127.0.0.2');
  expect(receipt.other_offers).toEqual([
    expect.objectContaining({ merchant: '127.0.0.1', price_cents: HERE }),
  ]);
  const keys = await (await fetch(`${stack.server.baseUrl}/v1/receipt_keys`)).text();
  const [file, jwks] = [join(dir, `${intentId}.json`), join(dir, `${intentId}-keys.json`)];
  writeFileSync(file, JSON.stringify(receipt));
  writeFileSync(jwks, keys);
  const verify = () => runCli(['receipts', 'verify', file, '--jwks', jwks]);
  expect((await verify()).stdout).toMatch(/^valid: receipt rcpt_/);
  writeFileSync(file, JSON.stringify({ ...receipt, other_offers: [] }));
  expect((await verify()).code).toBe(1);
}
