/**
 * "Also at" in the popup (issue 13), in real headless Chromium: one product (one sku, so one GTIN)
 * sold by two sandbox shops, 127.0.0.1 and localhost (two merchant ids the e2e build may read).
 * The product read at one shop shows the other shop's price when the catalog knows it — the
 * built-in engine's because the user looked at that shop earlier, a remote server's by an
 * imported feed — and watching at both creates one product_id intent allowed at both, which buys
 * at the cheaper. A product no other shop sells shows nothing new.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Worker } from '@playwright/test';
import { sandboxFeed } from '../support/acp-feed';
import { runCli } from '../support/server-process';
import { expect, test } from './fixtures/extension';
import { api, useBuiltInEngine } from './pages/engine';
import { OptionsPage } from './pages/options';
import { FLOW_TIMEOUT, PopupPage, screenshotPath } from './pages/popup';
import { openProductTab } from './pages/tabs';

const HERE_PRICE = 11_000;
const THERE_PRICE = 9_500;

/** The popup reading the product tab at `url`. */
async function popupOn(context: BrowserContext, extensionId: string, worker: Worker, url: string) {
  const { tabId } = await openProductTab(context, worker, url);
  return PopupPage.open(context, extensionId, { tabId });
}

/** The popup once its catalog lookup answered: `found` ("also at" shown) or `none`. */
async function afterLookup(popup: PopupPage, outcome: 'found' | 'none') {
  await expect(popup.watchForm).toHaveAttribute('data-also-at', outcome, {
    timeout: FLOW_TIMEOUT,
  });
}

/** "Also at localhost — $95.00, in stock, seen just now", and nothing else. */
async function expectAlsoAtThere(popup: PopupPage) {
  await afterLookup(popup, 'found');
  const offers = popup.byTestId('also-at-offer');
  await expect(offers).toHaveCount(1);
  await expect(offers).toHaveAttribute('data-merchant', 'localhost');
  await expect(offers.getByTestId('also-at-price')).toHaveText('$95.00');
  await expect(offers.getByTestId('also-at-facts')).toHaveText(
    /^In stock · seen (just now|\d+ (seconds?|minutes?) ago)$/,
  );
  await expect(offers.getByTestId('also-at-choose')).not.toBeChecked();
}

/** Ticks the other shop: the watch becomes one at both shops, this page included. */
async function chooseBothShops(popup: PopupPage) {
  await popup.byTestId('also-at-choose').check();
  await expect(popup.byTestId('also-at-here')).toBeChecked();
  await expect(popup.byTestId('watch-only-merchant')).toHaveCount(0);
  // The price-drop target starts a step under the cheaper shop's $95.00.
  await expect(popup.byTestId('watch-max-price')).toHaveValue('90.00');
  await expect(popup.byTestId('watch-submit')).toHaveText('Watch at 2 shops');
}

test('built-in: the shop read earlier shows up as "also at"; watching at both buys at the cheaper', async ({
  context,
  extensionId,
  serviceWorker,
  sandbox,
  otherShop,
}, testInfo) => {
  const settings = await useBuiltInEngine(context, extensionId, sandbox.url);
  const worker = await serviceWorker();
  const here = await sandbox.product({ price_cents: HERE_PRICE });
  const there = await otherShop.product({ sku: here.sku, price_cents: THERE_PRICE });

  // The user looks at the other shop first: no other merchant is known yet, so nothing new shows.
  const first = await popupOn(context, extensionId, worker, there.url);
  await expect(first.product.merchant).toHaveText('localhost', { timeout: FLOW_TIMEOUT });
  await afterLookup(first, 'none');
  await expect(first.byTestId('also-at')).toHaveCount(0);
  await expect(first.byTestId('watch-only-merchant')).toBeVisible();
  await first.page.close();
  // What the popup read entered the built-in engine's catalog.
  await expect
    .poll(
      async () => {
        const found = await api(settings, 'POST', '/v1/resolve/products', {
          query: 'Ridge Hiking Boots',
          identifiers: { sku: here.sku },
        });
        return found.body.candidates?.[0]?.merchant_coverage;
      },
      { timeout: FLOW_TIMEOUT },
    )
    .toEqual(['localhost']);

  const popup = await popupOn(context, extensionId, worker, here.url);
  await expect(popup.product.price).toHaveText('$110.00', { timeout: FLOW_TIMEOUT });
  await expectAlsoAtThere(popup);
  await chooseBothShops(popup);
  // Buy at today's lowest: $95.00 at localhost holds, $110.00 here does not.
  await popup.byTestId('watch-goal-now').check();
  await popup.fillWatch({ maxPrice: '95.00', paymentMethod: 'pm_card_visa' });
  await expect(popup.byTestId('watch-sentence')).toHaveText(
    "We'll buy it at the cheapest of 127.0.0.1 or localhost when it is in stock at $95.00 or less there, within your max total charge.",
  );
  await popup.byTestId('watch-max-price').blur();
  await popup.screenshot(screenshotPath(testInfo, 'popup-also-at.png'));
  await popup.submitWatch();

  const id = await popup.onlyIntentId();
  const intent = (await api(settings, 'GET', `/v1/intents/${id}`)).body;
  expect(intent.objective.product.product_id).toMatch(/^prod_/);
  expect(intent.objective.product).not.toHaveProperty('product_url');
  expect(intent.guardrails.allowed_merchants).toEqual(['127.0.0.1', 'localhost']);
  expect(intent.conditions).toMatchObject({ max_price_cents: THERE_PRICE, currency: 'USD' });

  // localhost has no checkout API in the built-in engine: the user buys there, led to its page.
  const card = popup.actionCard(id);
  const buy = card.getByTestId('action-buy-at-shop');
  await expect(buy).toHaveText('Buy at localhost — $95.00', { timeout: FLOW_TIMEOUT });
  await expect(buy).toHaveAttribute('href', there.url);
  await card.getByTestId('action-confirm').click();
  await popup.expectStatus(id, 'succeeded');
  await expect(popup.row(id).getByTestId('intent-offers')).toHaveText('Bought at localhost');
  // Nothing was bought by API at either shop: the user bought at localhost, once.
  expect(await sandbox.ordersFor(here.sku)).toHaveLength(0);
  expect(await otherShop.ordersFor(here.sku)).toHaveLength(0);
  const events = (await api(settings, 'GET', `/v1/intents/${id}/events`)).body.events;
  expect(events.filter((e: { type: string }) => e.type === 'intent.succeeded')).toHaveLength(1);
});

test('remote server: its catalog (feeds imported) gives "also at"; watching at both buys at the cheaper by API', async ({
  context,
  extensionId,
  serviceWorker,
  sandbox,
  otherShop,
  intentServer,
}) => {
  const here = await sandbox.product({ price_cents: HERE_PRICE });
  await otherShop.product({ sku: here.sku, price_cents: THERE_PRICE });
  const server = await intentServer([
    ...['--sandbox-url', sandbox.url, '--sandbox-url', otherShop.url],
    ...['--check-interval', '1'],
  ]);
  // Each shop's ACP product feed, imported while the server runs.
  const dir = mkdtempSync(join(tmpdir(), 'e2e-feeds-'));
  try {
    for (const [name, shop] of [
      ['here', sandbox],
      ['there', otherShop],
    ] as const) {
      const file = join(dir, `${name}.json`);
      writeFileSync(file, await sandboxFeed(shop.url, [here.sku]));
      const imported = await runCli([
        ...['catalog', 'import', file, '--kind', 'products', '--format', 'acp'],
        ...['--data', server.dataDir],
      ]);
      expect(imported.stdout).toMatch(/imported|merged/);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const options = await OptionsPage.open(context, extensionId);
  await options.useRemote({ url: server.baseUrl, key: server.key });
  await options.page.close();

  const popup = await popupOn(context, extensionId, await serviceWorker(), here.url);
  await expect(popup.product.price).toHaveText('$110.00', { timeout: FLOW_TIMEOUT });
  await expectAlsoAtThere(popup);
  await chooseBothShops(popup);
  await expect(popup.byTestId('also-at-here-unlisted')).toHaveCount(0);
  await popup.fillWatch({ maxPrice: '100.00', paymentMethod: 'pm_card_visa' });
  await popup.submitWatch();

  const id = await popup.onlyIntentId();
  const res = await fetch(`${server.baseUrl}/v1/intents/${id}`, {
    headers: { Authorization: `Bearer ${server.key}` },
  });
  const intent = (await res.json()) as {
    objective: { product: { product_id?: string } };
    guardrails: { allowed_merchants: string[] };
  };
  expect(intent.objective.product.product_id).toMatch(/^prod_/);
  expect(intent.guardrails.allowed_merchants).toEqual(['127.0.0.1', 'localhost']);

  await popup.expectStatus(id, 'succeeded');
  await expect(popup.row(id).getByTestId('intent-offers')).toHaveText('Bought at localhost');
  expect(await otherShop.ordersFor(here.sku)).toHaveLength(1);
  expect(await sandbox.ordersFor(here.sku)).toHaveLength(0);
  await popup.openReceipt(id);
  const compared = popup.byTestId('receipt-other-offers');
  await expect(compared.locator('li')).toHaveCount(1);
  await expect(compared.locator('li')).toHaveAttribute('data-merchant', '127.0.0.1');
  await expect(compared).toContainText('$110.00');
});
