/**
 * Edges of the popup and options page found in review, in real headless Chromium: a product
 * watched on a variant page watches that variant, an OTP prompt of an old intent stays reachable
 * behind 50 newer ones (and focus lands on the list once it is answered), and a server address
 * saved with a trailing slash reads as saved.
 */
import { expect, test } from './fixtures/extension';
import { api, serveFixturePage, useBuiltInEngine } from './pages/engine';
import { OptionsPage } from './pages/options';
import { FLOW_TIMEOUT, PopupPage } from './pages/popup';
import { openProductTab } from './pages/tabs';

/** A shop on 127.0.0.1 serving the Shopify tee fixture (three variants at different prices). */
const startTeeShop = () =>
  serveFixturePage(
    'shopify-tee-variants.html',
    '/products/organic-cotton-tee',
    /https?:\/\/northwind-apparel\.com/g,
  );

const purchase = (url: string, maxPrice: number, card: string) => ({
  type: 'purchase',
  external_user_id: 'extension-user',
  objective: { product: { product_url: url }, quantity: 1 },
  conditions: { availability: 'in_stock', max_price_cents: maxPrice, currency: 'USD' },
  guardrails: { expires_at: new Date(Date.now() + 5 * 86_400_000).toISOString() },
  payment: { payment_method_id: card, max_charge_cents: maxPrice * 2 },
});

test('watching a product on a variant page watches that variant', async ({
  context,
  extensionId,
  serviceWorker,
  sandbox,
}) => {
  const shop = await startTeeShop();
  try {
    const settings = await useBuiltInEngine(context, extensionId, sandbox.url);
    const worker = await serviceWorker();
    const url = `${shop.origin}/products/organic-cotton-tee?variant=41000000000001`;
    const { tabId } = await openProductTab(context, worker, url);
    const popup = await PopupPage.open(context, extensionId, { tabId });
    await expect(popup.product.price).toHaveText('$28.00', { timeout: FLOW_TIMEOUT });
    // No checkout API at this shop: no payment fields, an alert the user answers at the shop.
    await expect(popup.byTestId('watch-payment-method')).toHaveCount(0);
    await popup.fillWatch({ maxPrice: '30.00' });
    await popup.submitWatch();
    const id = await popup.onlyIntentId();

    const intent = await api(settings, 'GET', `/v1/intents/${id}`);
    expect(intent.body.objective.product.variant).toBeTruthy();
    // $28.00 in stock under a $30.00 cap: the watched variant's conditions hold. The shop has no
    // checkout API, so the user is asked to buy it (never "several variants, none chosen").
    await expect
      .poll(async () => (await api(settings, 'GET', `/v1/intents/${id}`)).body.status, {
        timeout: FLOW_TIMEOUT,
      })
      .toBe('requires_user_action');
    const events = await api(settings, 'GET', `/v1/intents/${id}/events`);
    const reasons = events.body.events.map((e: { data: { reason?: string } }) => e.data.reason);
    expect(reasons).not.toContain('AMBIGUOUS_OFFER');
  } finally {
    await shop.close();
  }
});

test('an OTP prompt of an old intent stays in the popup behind 50 newer intents', async ({
  context,
  extensionId,
  sandbox,
}) => {
  const page = await useBuiltInEngine(context, extensionId, sandbox.url);
  const otpProduct = await sandbox.product({ price_cents: 10_000, availability: 'in_stock' });
  const old = await api(
    page,
    'POST',
    '/v1/intents',
    purchase(otpProduct.url, 9_000, 'pm_card_otp_required'),
  );
  expect(old.status).toBe(201);
  const pricey = await sandbox.product({ price_cents: 99_999, availability: 'in_stock' });
  for (let i = 0; i < 50; i++) {
    const newer = await api(
      page,
      'POST',
      '/v1/intents',
      purchase(pricey.url, 1_000, 'pm_card_visa'),
    );
    expect(newer.status, `create ${i}: ${JSON.stringify(newer.body)}`).toBe(201);
  }
  await sandbox.setPrice(otpProduct.sku, 8_000);
  const oldId = old.body.intent_id as string;
  await expect
    .poll(async () => (await api(page, 'GET', `/v1/intents/${oldId}`)).body.status, {
      timeout: FLOW_TIMEOUT,
    })
    .toBe('requires_user_action');

  const popup = await PopupPage.open(context, extensionId);
  await popup.showWatching();
  const card = popup.actionCard(oldId);
  await expect(card).toBeVisible({ timeout: FLOW_TIMEOUT });
  await card.getByTestId('otp-input').fill('000000');
  await card.getByTestId('otp-input').press('Enter');
  await expect(card).toHaveCount(0, { timeout: FLOW_TIMEOUT });
  await expect(popup.page.locator('#tab-watching')).toBeFocused();
});

test('a sandbox address saved with a trailing slash reads as saved', async ({
  context,
  extensionId,
  sandbox,
}) => {
  const options = await OptionsPage.open(context, extensionId);
  await options.byTestId('mode-builtin').check();
  await options.byTestId('sandbox-url').fill(`${sandbox.url}/`);
  await options.byTestId('save-settings').click();
  await expect(options.byTestId('save-result')).toHaveText(/saved/i, { timeout: FLOW_TIMEOUT });
  await expect(options.page.getByText('save your changes first')).toHaveCount(0);
});
