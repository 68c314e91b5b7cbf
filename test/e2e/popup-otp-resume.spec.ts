/**
 * The popup's whole purchase loop in real headless Chromium with the built extension, against the
 * sandbox merchant: detect the product on a tab → Watch with a max price below the current price
 * and the OTP test card → the price drops → the OTP card → a wrong code is refused in place → the
 * right code buys → the receipt → exactly one order at the sandbox.
 *
 * Three ways: the built-in engine (service worker on IndexedDB), a remote intent-server, and the
 * built-in engine with its service worker stopped between Watch and the price drop.
 *
 * Screenshots of the popup's main states are written to the test's output directory, or to
 * docs/screenshots/ when UPDATE_SCREENSHOTS=1 (so that a normal run leaves the tree unchanged).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, CDPSession, TestInfo } from '@playwright/test';
import { startServer, type ServerProcess } from '../support/server-process';
import { expect, test, type ExtensionFixtures } from './fixtures/extension';
import { OptionsPage } from './pages/options';
import { FLOW_TIMEOUT, PopupPage, screenshotPath } from './pages/popup';
import { openProductTab } from './pages/tabs';

/** The extension API inside `evaluate` callbacks (they run in the worker or an extension page). */
declare const chrome: typeof import('wxt/browser').browser;

const PRICE = 12_999; // on the page when the intent is created: above the limit
const MAX_PRICE = '110.00';
const DROPPED = 10_500; // under the limit: the next check buys
const OTP_CARD = 'pm_card_otp_required';
const SANDBOX_OTP = '000000';

/** `$113.66` for 11366 USD cents, as the popup formats money (en-US). */
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * The flow from the popup's first screen to the OTP card: product detected, Watch, waiting in
 * the list, then the price drop (the service worker test stops the worker just before it) and the
 * OTP card.
 */
async function watchUntilOtp(
  { context, extensionId, serviceWorker, sandbox }: ExtensionFixtures,
  testInfo: TestInfo,
  options: {
    screenshots?: boolean;
    /** Drops the price (`drop`) its own way; may close the popup and return a new one. */
    dropPrice?: (popup: PopupPage, sku: string, drop: () => Promise<void>) => Promise<PopupPage>;
  } = {},
) {
  const worker = await serviceWorker();
  const product = await sandbox.product({ price_cents: PRICE, availability: 'in_stock' });
  const { tabId } = await openProductTab(context, worker, product.url);

  let popup = await PopupPage.open(context, extensionId, { tabId });
  await expect(popup.product.title).toHaveText('Ridge Hiking Boots', { timeout: FLOW_TIMEOUT });
  await expect(popup.product.price).toHaveText(usd(PRICE));
  await expect(popup.product.stock).toHaveText('In stock');
  await expect(popup.product.merchant).toHaveText('127.0.0.1');
  await expect(popup.watchForm).toBeVisible();
  await expect(popup.byTestId('no-product')).toHaveCount(0);
  // A price drop by default: a round step under today's 129.99 (ours is lower still).
  await expect(popup.byTestId('watch-max-price')).toHaveValue('120.00');
  await popup.fillWatch({ maxPrice: MAX_PRICE, paymentMethod: OTP_CARD });
  await expect(popup.byTestId('watch-max-charge')).toHaveValue('137.50'); // 110.00 × 1 + 25 %
  if (options.screenshots) {
    await popup.byTestId('watch-max-price').blur();
    await popup.screenshot(screenshotPath(testInfo, 'popup-product.png'));
  }
  await popup.submitWatch();
  await expect(popup.byTestId('watch-error')).toHaveCount(0);
  // Watch moves to the Watching tab; the intent is checked at once and waits: 129.99 > 110.00.
  await expect(popup.byTestId('tab-watching')).toHaveAttribute('aria-selected', 'true');
  const intentId = await popup.onlyIntentId();
  await popup.expectStatus(intentId, 'waiting');
  await expect(popup.row(intentId)).toContainText(usd(PRICE), { timeout: FLOW_TIMEOUT });
  await expect(popup.row(intentId)).toContainText(`max ${usd(11_000)}`);
  await expect(popup.row(intentId).getByTestId('status-badge')).toHaveText(
    'Waiting for conditions',
  );
  if (options.screenshots) {
    await expect(popup.row(intentId).getByTestId('price-sparkline')).toBeVisible({
      timeout: FLOW_TIMEOUT,
    });
    await popup.screenshot(screenshotPath(testInfo, 'popup-watching.png'));
  }
  expect(sandbox.sessionStatesFor(product.sku)).toEqual([]);

  const drop = () => sandbox.setPrice(product.sku, DROPPED);
  if (options.dropPrice) popup = await options.dropPrice(popup, product.sku, drop);
  else await drop();
  await popup.showWatching();
  const card = popup.actionCard(intentId);
  await expect(card).toBeVisible({ timeout: FLOW_TIMEOUT });
  await expect(card).toHaveAttribute('data-action-type', 'otp');
  await popup.expectStatus(intentId, 'requires_user_action');
  return { popup, intentId, sku: product.sku };
}

/** From the OTP card to the receipt and the one order at the sandbox. */
async function answerOtpAndCheckReceipt(
  { sandbox }: ExtensionFixtures,
  testInfo: TestInfo,
  flow: { popup: PopupPage; intentId: string; sku: string },
  options: { screenshots?: boolean } = {},
) {
  const { popup, intentId, sku } = flow;
  const card = popup.actionCard(intentId);

  await popup.submitOtp(intentId, '123456');
  const error = card.getByTestId('action-error');
  await expect(error).toContainText('incorrect', { timeout: FLOW_TIMEOUT });
  // Refused in place: still the same card, still waiting for the user, nothing bought.
  await expect(card).toHaveAttribute('data-action-type', 'otp');
  await expect(card.getByTestId('otp-input')).toBeFocused();
  await popup.expectStatus(intentId, 'requires_user_action');
  expect(await sandbox.ordersFor(sku)).toEqual([]);
  if (options.screenshots) await popup.screenshot(screenshotPath(testInfo, 'popup-otp-error.png'));

  await popup.submitOtp(intentId, SANDBOX_OTP);
  await expect(card).toHaveCount(0, { timeout: FLOW_TIMEOUT });
  await popup.expectStatus(intentId, 'succeeded');
  await expect(popup.row(intentId).getByTestId('status-badge')).toHaveText('Bought');

  await popup.openReceipt(intentId);
  const orders = await sandbox.ordersFor(sku);
  expect(orders).toHaveLength(1);
  expect(orders[0]!.quantity).toBe(1);
  // 105.00 + 8.25 % tax, free standard shipping over 100.00.
  expect(orders[0]!.totals.total).toBe(11_366);
  await expect(popup.byTestId('receipt-total')).toHaveText(usd(orders[0]!.totals.total));
  await expect(popup.byTestId('receipt')).toContainText(orders[0]!.id);
  if (options.screenshots) await popup.screenshot(screenshotPath(testInfo, 'popup-receipt.png'));

  await popup.byTestId('receipt-back').click();
  await expect(popup.byTestId('receipt')).toHaveCount(0);
  await expect(popup.row(intentId)).toBeVisible();
  // Reopened (which asks for a monitor round): still succeeded, still exactly one order.
  await popup.page.reload();
  await popup.showWatching();
  await popup.expectStatus(intentId, 'succeeded');
  expect(await sandbox.ordersFor(sku)).toHaveLength(1);
}

/**
 * Watches the extension's service worker through the CDP ServiceWorker domain (on a neutral
 * about:blank page): every running-status change of our worker's versions, in order.
 */
async function watchWorkerStatus(context: BrowserContext, extensionId: string) {
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  const statuses: string[] = [];
  const origin = `chrome-extension://${extensionId}/`;
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions)
      if (version.scriptURL.startsWith(origin)) statuses.push(version.runningStatus);
  });
  await cdp.send('ServiceWorker.enable');
  return {
    statuses,
    /** Stops every service worker of the profile: ours is the only one. */
    stopAll: () => cdp.send('ServiceWorker.stopAllWorkers'),
    close: () => page.close(),
  };
}

test.describe('popup: watch, OTP, resume, receipt', () => {
  test('built-in engine (configured on the options page)', async ({
    context,
    extensionId,
    serviceWorker,
    sandbox,
  }, testInfo) => {
    const options = await OptionsPage.open(context, extensionId);
    await options.useBuiltin({ sandboxUrl: sandbox.url, intervalSeconds: 1 });
    expect(await options.testConnection()).toMatch(/^✓ The built-in engine answers/);
    await options.page.close();

    const fixtures = { context, extensionId, serviceWorker, sandbox };
    const flow = await watchUntilOtp(fixtures, testInfo, { screenshots: true });
    await answerOtpAndCheckReceipt(fixtures, testInfo, flow, { screenshots: true });
  });

  test.describe('remote server', () => {
    let server: ServerProcess;
    let dataDir: string;

    test.afterEach(async () => {
      await server?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    test('intent-server as a child process, set on the options page', async ({
      context,
      extensionId,
      serviceWorker,
      sandbox,
    }, testInfo) => {
      dataDir = mkdtempSync(join(tmpdir(), 'e2e-remote-'));
      server = await startServer([
        '--sandbox-url',
        sandbox.url,
        '--check-interval',
        '1',
        '--data',
        dataDir,
      ]);
      const key = server.output().match(/sk_test_[A-Za-z0-9]{32}/)?.[0];
      expect(key, 'the server prints a test key on a fresh data directory').toBeTruthy();

      const options = await OptionsPage.open(context, extensionId);
      await options.useRemote({ url: server.baseUrl, key: key! });
      await expect(options.byTestId('key-status')).toHaveText('A key is stored.');
      expect(await options.testConnection()).toMatch(
        new RegExp(`^✓ The server at ${server.baseUrl.replaceAll('.', '\\.')} answers`),
      );
      await options.page.close();

      const fixtures = { context, extensionId, serviceWorker, sandbox };
      const flow = await watchUntilOtp(fixtures, testInfo);
      await answerOtpAndCheckReceipt(fixtures, testInfo, flow);

      // The server, not the extension, holds the intent.
      const res = await fetch(`${server.baseUrl}/v1/intents/${flow.intentId}`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { status: string }).status).toBe('succeeded');
    });
  });

  test('built-in engine survives its service worker being stopped mid-flow', async ({
    context,
    extensionId,
    serviceWorker,
    sandbox,
  }, testInfo) => {
    // Settings through the background's message this time (from an extension page).
    const settingsPage = await context.newPage();
    await settingsPage.goto(`chrome-extension://${extensionId}/options.html`);
    const saved = await settingsPage.evaluate(
      (sandboxUrl) =>
        chrome.runtime.sendMessage({
          type: 'settings.set',
          settings: { mode: 'builtin', sandbox_url: sandboxUrl, check_interval_seconds: 1 },
        }),
      sandbox.url,
    );
    expect(saved).toMatchObject({ mode: 'builtin', check_interval_seconds: 1 });
    await settingsPage.close();

    const fixtures = { context, extensionId, serviceWorker, sandbox };
    const worker = await serviceWorker();
    const flow = await watchUntilOtp(fixtures, testInfo, {
      dropPrice: async (popup, sku, drop) => {
        // Nothing may wake the worker but its alarm: close the popup (it polls every 2 s).
        await popup.page.close();
        const monitor = await watchWorkerStatus(context, extensionId);
        // A mark in the worker's global scope: a new worker instance does not have it.
        await worker.evaluate(() => {
          (globalThis as { e2eMark?: string }).e2eMark = 'before-stop';
        });
        expect(await worker.evaluate(() => (globalThis as { e2eMark?: string }).e2eMark)).toBe(
          'before-stop',
        );
        const before = monitor.statuses.length;
        await monitor.stopAll();
        await expect
          .poll(() => monitor.statuses.slice(before), { timeout: FLOW_TIMEOUT })
          .toContain('stopped');

        // The price drops while no extension page is open: only the monitor alarm can wake the
        // worker, which must reopen the engine from IndexedDB and buy up to the OTP challenge.
        await drop();
        await expect
          .poll(() => sandbox.sessionStatesFor(sku), { timeout: FLOW_TIMEOUT })
          .toContain('authentication_required');
        const afterStop = monitor.statuses.slice(before);
        expect(afterStop.indexOf('running', afterStop.indexOf('stopped'))).toBeGreaterThan(0);
        testInfo.annotations.push({
          type: 'service worker',
          description: afterStop.join(' → '),
        });
        // It is a new instance: the mark is gone. (Chromium keeps the worker's DevTools target
        // across a stop, so Playwright's Worker usually survives too; ask the fixture anyway.)
        const restarted = await serviceWorker();
        expect(
          await restarted.evaluate(() => (globalThis as { e2eMark?: string }).e2eMark ?? null),
        ).toBeNull();
        await monitor.close();

        return PopupPage.open(context, extensionId);
      },
    });
    await answerOtpAndCheckReceipt(fixtures, testInfo, flow);
  });
});
