/**
 * The popup's identity card in real headless Chromium with the built extension: a product whose
 * checkout needs a shipping address → Watch with a test card → the identity card shows one
 * labelled input per field asked → filled and sent → the purchase completes, and the sandbox's
 * order carries the address the merchant received.
 */
import { expect, test } from './fixtures/extension';
import { OptionsPage } from './pages/options';
import { FLOW_TIMEOUT, PopupPage } from './pages/popup';
import { openProductTab } from './pages/tabs';

test('popup: an identity request is answered in its card and the purchase completes', async ({
  context,
  extensionId,
  serviceWorker,
  sandbox,
}) => {
  const options = await OptionsPage.open(context, extensionId);
  await options.useBuiltin({ sandboxUrl: sandbox.url, intervalSeconds: 1 });
  await options.page.close();
  const worker = await serviceWorker();
  const product = await sandbox.product({
    price_cents: 8_900,
    availability: 'in_stock',
    requires: ['shipping_address'],
  });
  const { tabId } = await openProductTab(context, worker, product.url);
  const popup = await PopupPage.open(context, extensionId, { tabId });
  await popup.fillWatch({ maxPrice: '100.00', paymentMethod: 'pm_card_visa' });
  await popup.submitWatch();
  const intentId = await popup.onlyIntentId();

  await popup.showWatching();
  const card = popup.actionCard(intentId);
  await expect(card).toHaveAttribute('data-action-type', 'identity', { timeout: FLOW_TIMEOUT });
  await expect(card.getByLabel('Full name')).toHaveAttribute('autocomplete', 'name');
  await expect(card.getByLabel('Postal code')).toHaveAttribute(
    'autocomplete',
    'shipping postal-code',
  );
  await expect(card.getByLabel('Phone')).toHaveCount(0);

  await card.getByLabel('Full name').fill('Ada Lovelace');
  await card.getByLabel('Address', { exact: true }).fill('12 Harbour Road');
  await card.getByLabel('City').fill('Portland');
  await card.getByLabel('Postal code').fill('04101');
  // Sent without the country first: refused in place, naming the part.
  await card.getByTestId('action-identity').click();
  await expect(card.getByTestId('action-error')).toContainText('country', {
    timeout: FLOW_TIMEOUT,
  });
  await card.getByLabel('Country code (e.g. US)').fill('US');
  await card.getByTestId('action-identity').click();

  await expect(card).toHaveCount(0, { timeout: FLOW_TIMEOUT });
  await popup.expectStatus(intentId, 'succeeded');
  const orders = sandbox.state.orders.filter((order) =>
    order.lines.some((line) => line.sku === product.sku),
  );
  expect(orders).toHaveLength(1);
  expect(orders[0]!.shipping_address).toMatchObject({
    name: 'Ada Lovelace',
    line_one: '12 Harbour Road',
    city: 'Portland',
    postal_code: '04101',
    country: 'US',
  });
});
