/**
 * From "Watch" to "bought" as a shopper expects (issue 16), in real headless Chromium, on three
 * kinds of locally served shop: structured data (JSON-LD), none (a German shop read from its
 * text), and out of stock; plus the sandbox, the one shop with a checkout API. The Watch form
 * defaults to a price drop; payment fields appear only where the engine pays; the assisted card
 * leads to the shop; the 3-D Secure card approves a payment.
 */
import type { BrowserContext, Worker } from '@playwright/test';
import { startPageServer } from '../support/page-server';
import { expect, test } from './fixtures/extension';
import { api, serveFixturePage, useBuiltInEngine } from './pages/engine';
import { FLOW_TIMEOUT, PopupPage, screenshotPath } from './pages/popup';
import { openProductTab } from './pages/tabs';

declare const chrome: typeof import('wxt/browser').browser;

/** `€1,200.00` for 120000 EUR cents, as the popup formats money (en-US). */
const eur = (cents: number) =>
  `€${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

type Shop = Awaited<ReturnType<typeof startPageServer>>;
let shop: Shop;
test.beforeEach(async () => {
  shop = await startPageServer();
});
test.afterEach(async () => {
  await shop.close();
});

/** The popup reading the product tab at `url`. */
async function popupOn(context: BrowserContext, extensionId: string, worker: Worker, url: string) {
  const { tabId } = await openProductTab(context, worker, url);
  return PopupPage.open(context, extensionId, { tabId });
}

test('structured data: a price drop by default, no payment fields, then the way to the shop', async ({
  context,
  extensionId,
  serviceWorker,
  sandbox,
}, testInfo) => {
  const settings = await useBuiltInEngine(context, extensionId, sandbox.url);
  shop.set('espresso', { name: 'Bellaroma Duo', price_cents: 129_900, currency: 'EUR' });
  const popup = await popupOn(context, extensionId, await serviceWorker(), shop.url('espresso'));
  await expect(popup.product.price).toHaveText(eur(129_900), { timeout: FLOW_TIMEOUT });

  const maxPrice = popup.byTestId('watch-max-price');
  await expect(maxPrice).toHaveValue('1200.00');
  await expect(popup.byTestId('watch-goal-drop')).toBeChecked();
  await expect(popup.byTestId('watch-sentence')).toHaveText(
    `We'll tell you when it drops to ${eur(120_000)} or less; you then buy it at the shop and confirm here.`,
  );
  // Today's price is one deliberate change away, and back.
  await popup.byTestId('watch-goal-now').check();
  await expect(maxPrice).toHaveValue('1299.00');
  await expect(popup.byTestId('watch-sentence')).toContainText(`in stock at ${eur(129_900)}`);
  await popup.byTestId('watch-goal-drop').check();
  await expect(maxPrice).toHaveValue('1200.00');
  // No checkout API here: no test cards, no max charge; plain words instead.
  await expect(popup.byTestId('watch-payment-method')).toHaveCount(0);
  await expect(popup.byTestId('watch-max-charge')).toHaveCount(0);
  await expect(popup.byTestId('watch-assisted-note')).toBeVisible();
  await popup.screenshot(screenshotPath(testInfo, 'popup-price-drop-form.png'));

  await popup.submitWatch();
  const id = await popup.onlyIntentId();
  const created = await api(settings, 'GET', `/v1/intents/${id}`);
  expect(created.body.payment ?? null).toBeNull();
  expect(created.body.conditions.max_price_cents).toBe(120_000);
  // Checked, in stock, but above the target: it waits instead of firing at once.
  await expect
    .poll(async () => (await api(settings, 'GET', `/v1/intents/${id}`)).body.last_observation, {
      timeout: FLOW_TIMEOUT,
    })
    .not.toBeNull();
  await popup.expectStatus(id, 'waiting');
  await expect(popup.row(id).getByTestId('intent-why')).toHaveText(
    new RegExp(`^Above your ${eur(120_000)} · Checked \\d`),
    { timeout: FLOW_TIMEOUT },
  );

  shop.set('espresso', { price_cents: 115_000 });
  const card = popup.actionCard(id);
  await expect(card).toBeVisible({ timeout: FLOW_TIMEOUT });
  await expect(card).toHaveAttribute('data-action-type', 'confirmation');
  const buy = card.getByTestId('action-buy-at-shop');
  await expect(buy).toHaveText(`Buy at 127.0.0.1 — ${eur(115_000)}`);
  await expect(buy).toHaveAttribute('target', '_blank');
  await popup.screenshot(screenshotPath(testInfo, 'popup-assisted-card.png'));
  const [shopTab] = await Promise.all([context.waitForEvent('page'), buy.click()]);
  await expect(shopTab).toHaveURL(shop.url('espresso'));
  await shopTab.close();

  await card.getByTestId('action-confirm').click();
  await popup.expectStatus(id, 'succeeded');
});

test('no structured data: a German shop read from its text gets the same price-drop form', async ({
  context,
  extensionId,
  serviceWorker,
  sandbox,
}) => {
  await useBuiltInEngine(context, extensionId, sandbox.url);
  const german = await serveFixturePage(
    'german-shop.html',
    '/espressomaschinen/bellaroma-duo-pid.html',
    /https?:\/\/www\.kaffeewerk-freiburg\.de/g,
  );
  try {
    const popup = await popupOn(context, extensionId, await serviceWorker(), german.url);
    await expect(popup.product.price).toHaveText(eur(129_900), { timeout: FLOW_TIMEOUT });
    await expect(popup.byTestId('watch-max-price')).toHaveValue('1200.00');
    await expect(popup.byTestId('watch-sentence')).toContainText(
      `We'll tell you when it drops to ${eur(120_000)} or less`,
    );
    await expect(popup.byTestId('watch-payment-method')).toHaveCount(0);
    await expect(popup.byTestId('watch-assisted-note')).toBeVisible();
  } finally {
    await german.close();
  }
});

test('out of stock: watched from its page, it waits for stock, then leads to the shop', async ({
  context,
  extensionId,
  serviceWorker,
  sandbox,
}) => {
  const settings = await useBuiltInEngine(context, extensionId, sandbox.url);
  shop.set('mug', {
    name: 'Speckled Mug',
    price_cents: 2_400,
    currency: 'EUR',
    availability: 'OutOfStock',
  });
  const popup = await popupOn(context, extensionId, await serviceWorker(), shop.url('mug'));
  await expect(popup.product.stock).toHaveText(/out of stock/i, { timeout: FLOW_TIMEOUT });
  await expect(popup.byTestId('watch-max-price')).toHaveValue('22.00');
  await popup.byTestId('watch-goal-now').check();
  await expect(popup.byTestId('watch-sentence')).toContainText(`in stock at ${eur(2_400)}`);
  await popup.submitWatch();
  const id = await popup.onlyIntentId();
  await expect
    .poll(async () => (await api(settings, 'GET', `/v1/intents/${id}`)).body.last_observation, {
      timeout: FLOW_TIMEOUT,
    })
    .not.toBeNull();
  await popup.expectStatus(id, 'waiting');
  await expect(popup.row(id).getByTestId('intent-why')).toHaveText(/^Out of stock · Checked \d/, {
    timeout: FLOW_TIMEOUT,
  });

  shop.set('mug', { availability: 'InStock' });
  const card = popup.actionCard(id);
  await expect(card.getByTestId('action-buy-at-shop')).toHaveText(
    `Buy at 127.0.0.1 — ${eur(2_400)}`,
    { timeout: FLOW_TIMEOUT },
  );
  await card.getByTestId('action-decline').click();
  await expect(card).toHaveCount(0, { timeout: FLOW_TIMEOUT });
});

test('API merchant: payment fields, and the 3-D Secure card approves the payment', async ({
  context,
  extensionId,
  serviceWorker,
  sandbox,
}) => {
  await useBuiltInEngine(context, extensionId, sandbox.url);
  const product = await sandbox.product({ price_cents: 5_000, availability: 'in_stock' });
  const popup = await popupOn(context, extensionId, await serviceWorker(), product.url);
  await expect(popup.product.price).toHaveText('$50.00', { timeout: FLOW_TIMEOUT });
  await expect(popup.byTestId('watch-assisted-note')).toHaveCount(0);
  await expect(popup.byTestId('watch-max-price')).toHaveValue('47.00');
  await popup.byTestId('watch-goal-now').check();
  await popup.fillWatch({ maxPrice: '50.00', paymentMethod: 'pm_card_3ds_required' });
  await expect(popup.byTestId('watch-sentence')).toHaveText(
    "We'll buy it when it is in stock at $50.00 or less, within your max total charge.",
  );
  await popup.submitWatch();
  const id = await popup.onlyIntentId();
  const card = popup.actionCard(id);
  await expect(card).toHaveAttribute('data-action-type', '3ds', { timeout: FLOW_TIMEOUT });
  await card.getByTestId('action-continue').click();
  await popup.expectStatus(id, 'succeeded');
  expect(await sandbox.ordersFor(product.sku)).toHaveLength(1);
});

test('detail view: chart with lowest, highest and current, events in words, and edit', async ({
  context,
  extensionId,
  serviceWorker,
  sandbox,
}, testInfo) => {
  const settings = await useBuiltInEngine(context, extensionId, sandbox.url);
  shop.set('grinder', { name: 'Burr Grinder', price_cents: 25_000, currency: 'EUR' });
  const popup = await popupOn(context, extensionId, await serviceWorker(), shop.url('grinder'));
  await expect(popup.byTestId('watch-max-price')).toHaveValue('230.00', { timeout: FLOW_TIMEOUT });
  await popup.submitWatch();
  const id = await popup.onlyIntentId();
  const pointsOf = async (intentId: string) =>
    (await api(settings, 'GET', `/v1/intents/${intentId}/price_history`)).body.data.length;
  await expect.poll(() => pointsOf(id), { timeout: FLOW_TIMEOUT }).toBe(1);
  shop.set('grinder', { price_cents: 24_000 });
  await expect.poll(() => pointsOf(id), { timeout: FLOW_TIMEOUT }).toBe(2);
  shop.set('grinder', { price_cents: 26_000, availability: 'OutOfStock' });
  await expect.poll(() => pointsOf(id), { timeout: FLOW_TIMEOUT }).toBe(3);

  await popup.row(id).getByTestId('view-details').click();
  const detail = popup.byTestId('detail-view');
  await expect(detail.getByTestId('price-chart')).toBeVisible({ timeout: FLOW_TIMEOUT });
  await expect(detail.getByTestId('legend-low')).toHaveText(`Lowest ${eur(24_000)}`);
  await expect(detail.getByTestId('legend-high')).toHaveText(`Highest ${eur(26_000)}`);
  await expect(detail.getByTestId('legend-current')).toHaveText(`Now ${eur(26_000)}`);
  await expect(detail.locator('.stock-out')).toHaveCount(1);
  await expect(detail.getByTestId('detail-conditions')).toContainText(`Max price${eur(23_000)}`);
  await expect(detail.getByTestId('detail-conditions')).toContainText('Alert, then you buy');
  await expect(detail.getByTestId('detail-events')).toContainText('Started watching');
  await expect(detail.getByTestId('detail-events')).toContainText(
    `Checked: ${eur(25_000)}, in stock; above your price`,
  );
  await expect(detail.getByTestId('detail-events')).toContainText('out of stock');
  await popup.screenshot(screenshotPath(testInfo, 'popup-detail.png'));

  // Edit: no PATCH in the API, so the watch is replaced; the history goes on in the new one.
  await detail.getByTestId('edit-max-price').fill('255.00');
  await detail.getByTestId('edit-save').click();
  await expect(detail.getByTestId('detail-conditions')).toContainText(`Max price${eur(25_500)}`, {
    timeout: FLOW_TIMEOUT,
  });
  await expect(detail.getByTestId('legend-low')).toHaveText(`Lowest ${eur(24_000)}`);
  const old = await api(settings, 'GET', `/v1/intents/${id}`);
  expect(old.body.status).toBe('canceled');
  const active = await api(settings, 'GET', '/v1/intents?limit=10');
  const replacement = active.body.data.find(
    (intent: { metadata?: Record<string, string> }) => intent.metadata?.replaces === id,
  );
  expect(replacement?.conditions.max_price_cents).toBe(25_500);
  await detail.getByTestId('detail-back').click();
  await expect(popup.rows).toHaveCount(2);
  // Watching it again: the default target is now the lowest price seen (€240 < today's €260).
  await popup.byTestId('tab-this-page').click();
  await expect(popup.byTestId('watch-max-price')).toHaveValue('240.00', { timeout: FLOW_TIMEOUT });
});

test('notifications: a price reached is announced with name and price, unless turned off', async ({
  context,
  extensionId,
  serviceWorker,
  sandbox,
}) => {
  const settings = await useBuiltInEngine(context, extensionId, sandbox.url);
  const worker = await serviceWorker();
  const shown = () =>
    worker.evaluate(async () => {
      const all = await chrome.notifications.getAll();
      return Object.keys(all);
    });
  const alertAt = async (id: string, price: number) => {
    shop.set(id, { name: `Kettle ${id}`, price_cents: price, currency: 'EUR' });
    const created = await api(settings, 'POST', '/v1/intents', {
      type: 'purchase',
      external_user_id: 'extension-user',
      objective: { product: { product_url: shop.url(id), product_title: `Kettle ${id}` } },
      conditions: { availability: 'in_stock', max_price_cents: 5_000, currency: 'EUR' },
    });
    expect(created.status).toBe(201);
    const intentId = created.body.intent_id as string;
    await expect
      .poll(async () => (await api(settings, 'GET', `/v1/intents/${intentId}`)).body.status, {
        timeout: FLOW_TIMEOUT,
      })
      .toBe('waiting');
    shop.set(id, { price_cents: 4_500 });
    await expect
      .poll(async () => (await api(settings, 'GET', `/v1/intents/${intentId}`)).body.status, {
        timeout: FLOW_TIMEOUT,
      })
      .toBe('requires_user_action');
    return intentId;
  };

  const first = await alertAt('one', 6_000);
  await expect
    .poll(shown, { timeout: FLOW_TIMEOUT })
    .toContain(`intent:${first}:requires_user_action`);

  await settings.evaluate(() =>
    chrome.runtime.sendMessage({ type: 'settings.set', settings: { notify_price_drops: false } }),
  );
  const second = await alertAt('two', 6_000);
  // A later look has run (the badge counts both) and said nothing about the second one.
  await expect
    .poll(() => worker.evaluate(() => chrome.action.getBadgeText({})), { timeout: FLOW_TIMEOUT })
    .toBe('2');
  expect(await shown()).not.toContain(`intent:${second}:requires_user_action`);
});
