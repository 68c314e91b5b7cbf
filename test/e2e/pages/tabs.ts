import type { BrowserContext, Page, Worker } from '@playwright/test';
import { expect } from '../fixtures/extension';
import { FLOW_TIMEOUT } from './popup';

/** The extension API inside `evaluate` callbacks (they run in the worker). */
declare const chrome: typeof import('wxt/browser').browser;

/** Opens the product page in a tab; returns that tab's id as the background sees it. */
export async function openProductTab(
  context: BrowserContext,
  worker: Worker,
  url: string,
): Promise<{ shop: Page; tabId: number }> {
  const shop = await context.newPage();
  await shop.goto(url);
  let tabId: number | null = null;
  await expect
    .poll(
      async () =>
        (tabId = await worker.evaluate(
          async (pageUrl) => (await chrome.tabs.query({ url: pageUrl }))[0]?.id ?? null,
          url,
        )),
      { timeout: FLOW_TIMEOUT },
    )
    .not.toBeNull();
  return { shop, tabId: tabId! };
}
