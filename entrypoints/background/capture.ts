import { browser } from 'wxt/browser';
import {
  CapturedPage,
  type CaptureCall,
  type CaptureFailure,
  type CaptureReply,
} from '../../components/messages';

/** The content script (entrypoints/content), injected on demand: no `<all_urls>` content script. */
export const CONTENT_SCRIPT = '/content-scripts/content.js';

const fail = (reason: CaptureFailure, message: string, url: string | null): CaptureReply => ({
  ok: false,
  reason,
  message,
  url,
});

const RESTRICTED_HOSTS = [
  /^chrome\.google\.com$/,
  /^chromewebstore\.google\.com$/,
  /^microsoftedge\.microsoft\.com$/,
  /^addons\.mozilla\.org$/,
];

/** Pages no extension may script: browser pages, other extensions, the add-on stores. */
function isRestrictedUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return true;
  }
  if (url.protocol === 'file:') return false;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return true;
  return RESTRICTED_HOSTS.some((host) => host.test(url.hostname));
}

async function targetTab(tabId: number | undefined) {
  if (tabId !== undefined) return browser.tabs.get(tabId).catch(() => null);
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab ?? null;
}

/**
 * Reads the product on a tab: injects the content script (activeTab + scripting), takes the value
 * its main() returns, and validates it, since a page can tamper with what runs in its document.
 */
export async function capture(call: CaptureCall): Promise<CaptureReply> {
  const tab = await targetTab(call.tabId);
  if (!tab || tab.id === undefined)
    return fail('no_tab', 'No tab to read: open a product page and try again.', null);
  // tab.url is only visible with a host permission or activeTab for it; absent, we just try.
  const url = tab.url ?? null;
  if (url && isRestrictedUrl(url))
    return fail(
      'restricted_page',
      'Browser pages and add-on stores cannot be read. Open the product page itself.',
      url,
    );
  let result: unknown;
  try {
    const [first] = await browser.scripting.executeScript({
      target: { tabId: tab.id },
      files: [CONTENT_SCRIPT],
    });
    result = first?.result;
  } catch (error) {
    const message = (error as Error).message ?? String(error);
    if (/cannot access|cannot be scripted|permission|gallery|restricted/i.test(message))
      return fail(
        'restricted_page',
        `Intent Commerce may not read this page (${message}). Open the popup from the toolbar while the product page is in front.`,
        url,
      );
    return fail('injection_failed', `The page could not be read (${message}).`, url);
  }
  const page = CapturedPage.safeParse(result);
  if (!page.success)
    return fail(
      'injection_failed',
      'The page answered something unexpected. Reload it and try again.',
      url,
    );
  if (page.data.extraction.source === 'none')
    return fail(
      'no_product',
      'No product found on this page. Open the page of a single product and try again.',
      page.data.url,
    );
  return { ok: true, url: page.data.url, extraction: page.data.extraction };
}
