/**
 * The notifications as a user meets them (issue 16). Chromium runs headed on a virtual X display
 * of its own (Xvfb) and draws the extension's real notification as its own pop-up there; the test
 * photographs the screen from Xvfb's framebuffer and clicks the pop-up with the X pointer
 * (xdotool), then checks that the right view opened. Nothing calls the click handler directly.
 */
import { writeFileSync } from 'node:fs';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { encodePng } from './desktop/framebuffer';
import {
  around,
  clickOn,
  parkPointer,
  steadyCapture,
  waitForPopups,
  type ScreenWindow,
} from './desktop/notification-popups';
import type { VirtualDisplay } from './desktop/virtual-display';
import { expect, test } from './fixtures/extension';
import { api, useBuiltInEngine } from './pages/engine';
import { FLOW_TIMEOUT, PopupPage, screenshotPath } from './pages/popup';

declare const chrome: typeof import('wxt/browser').browser;

test.use({ desktop: true });

/** Room around a pop-up in its picture: a little of the page behind, short of the screen edge. */
const PICTURE_MARGIN = 8;

/** A price drop watch as the popup's form makes it: no payment, the user buys at the shop. */
const priceDrop = (url: string, title: string, maxPriceCents: number) => ({
  type: 'purchase',
  external_user_id: 'extension-user',
  objective: { product: { product_url: url, product_title: title } },
  conditions: { availability: 'in_stock', max_price_cents: maxPriceCents, currency: 'EUR' },
});

const notificationIds = (worker: Worker) =>
  worker.evaluate(async () => Object.keys(await chrome.notifications.getAll()));

/** The pop-up as it is on screen, written where screenshotPath says. */
async function photograph(display: VirtualDisplay, popup: ScreenWindow, path: string) {
  const picture = await steadyCapture(display, around(display, popup, PICTURE_MARGIN), 5_000);
  writeFileSync(path, encodePng(picture));
}

/** The next tab whose address starts with `prefix` (opened by the background, not the test). */
const nextTab = (context: BrowserContext, prefix: string) =>
  context.waitForEvent('page', {
    predicate: (page: Page) => page.url().startsWith(prefix),
    timeout: FLOW_TIMEOUT,
  });

test('price reached: the pop-up names the product and its price; a click opens its card and the shop', async ({
  context,
  extensionId,
  serviceWorker,
  sandbox,
  display,
  shop,
}, testInfo) => {
  const screen = display!;
  await parkPointer(screen);
  const settings = await useBuiltInEngine(context, extensionId, sandbox.url);
  const worker = await serviceWorker();
  shop.set('kettle', { name: 'Stagg EKG Kettle', price_cents: 16_900, currency: 'EUR' });
  const created = await api(
    settings,
    'POST',
    '/v1/intents',
    priceDrop(shop.url('kettle'), 'Stagg EKG Kettle', 15_000),
  );
  expect(created.status).toBe(201);
  const id = created.body.intent_id as string;
  const statusOf = async () => (await api(settings, 'GET', `/v1/intents/${id}`)).body.status;
  await expect.poll(statusOf, { timeout: FLOW_TIMEOUT }).toBe('waiting');
  expect(await notificationIds(worker)).toEqual([]);
  await context.newPage(); // the user is on another page, in front of the settings

  shop.set('kettle', { price_cents: 14_900 });
  const [popup] = await waitForPopups(screen, 1, FLOW_TIMEOUT);
  expect(await notificationIds(worker)).toEqual([`intent:${id}:requires_user_action`]);
  await photograph(screen, popup!, screenshotPath(testInfo, 'notification-price-reached.png'));

  const popupTab = nextTab(context, `chrome-extension://${extensionId}/popup.html?intent=${id}`);
  const shopTab = nextTab(context, shop.url('kettle'));
  await clickOn(screen, popup!);
  const card = new PopupPage(await popupTab).actionCard(id);
  await expect(card).toBeVisible({ timeout: FLOW_TIMEOUT });
  await expect(card).toHaveAttribute('data-action-type', 'confirmation');
  await shopTab;
  // The shop is in front, where the user buys; the card waits behind it for "I bought it".
  await expect
    .poll(
      () =>
        worker.evaluate(
          async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.url,
        ),
      { timeout: FLOW_TIMEOUT },
    )
    .toBe(shop.url('kettle'));
  await waitForPopups(screen, 0, FLOW_TIMEOUT);
  expect(await notificationIds(worker)).toEqual([]);
});

test('remote server, three prices reached while away: one grouped pop-up; a click opens the list', async ({
  context,
  extensionId,
  serviceWorker,
  display,
  shop,
  intentServer,
}, testInfo) => {
  const screen = display!;
  await parkPointer(screen);
  const server = await intentServer(['--allow-private-network', '--check-interval', '1']);
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  const send = (message: unknown) => page.evaluate((m) => chrome.runtime.sendMessage(m), message);
  // Remote, polled hourly: only the "check now" below looks, so the three changes meet in one look.
  await send({
    type: 'settings.set',
    settings: { mode: 'remote', remote_base_url: server.baseUrl, check_interval_seconds: 3600 },
    remote_api_key: server.key,
  });
  await send({ type: 'monitor.tick' });

  // Each already under its target: the server finds it so at its first check.
  const products = [
    { slug: 'grinder', name: 'Niche Zero Grinder', now: 62_900, max: 65_000 },
    { slug: 'scale', name: 'Acaia Pearl Scale', now: 13_900, max: 14_500 },
    { slug: 'tamper', name: 'Normcore Tamper', now: 3_900, max: 4_500 },
  ];
  const ids: string[] = [];
  for (const product of products) {
    shop.set(product.slug, { name: product.name, price_cents: product.now, currency: 'EUR' });
    const res = await fetch(`${server.baseUrl}/v1/intents`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${server.key}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': crypto.randomUUID(),
      },
      body: JSON.stringify(priceDrop(shop.url(product.slug), product.name, product.max)),
    });
    expect(res.status).toBe(201);
    ids.push(((await res.json()) as { intent_id: string }).intent_id);
  }
  const statuses = async () =>
    Promise.all(
      ids.map(async (id) => {
        const res = await fetch(`${server.baseUrl}/v1/intents/${id}`, {
          headers: { Authorization: `Bearer ${server.key}` },
        });
        return ((await res.json()) as { status: string }).status;
      }),
    );
  await expect
    .poll(statuses, { timeout: FLOW_TIMEOUT })
    .toEqual(ids.map(() => 'requires_user_action'));

  await send({ type: 'monitor.tick' });
  await page.close(); // back to the blank tab the browser opened with
  const [popup] = await waitForPopups(screen, 1, FLOW_TIMEOUT);
  const worker = await serviceWorker();
  expect(await notificationIds(worker)).toEqual([expect.stringMatching(/^intents:\d+$/)]);
  await photograph(screen, popup!, screenshotPath(testInfo, 'notification-grouped.png'));

  const popupTab = nextTab(context, `chrome-extension://${extensionId}/popup.html?view=watching`);
  await clickOn(screen, popup!);
  const list = new PopupPage(await popupTab);
  for (const id of ids) await expect(list.actionCard(id)).toBeVisible({ timeout: FLOW_TIMEOUT });
  await waitForPopups(screen, 0, FLOW_TIMEOUT);
});
