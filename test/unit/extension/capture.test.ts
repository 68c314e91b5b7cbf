import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CapturedPage, CaptureReply } from '../../../components/messages';
import { capture, CONTENT_SCRIPT } from '../../../entrypoints/background/capture';
import contentScript from '../../../entrypoints/content/index';
import { productPage } from './support';

const PAGE = 'https://shop.example.com/products/kettle';

/** What extractProduct found on a product page, as the content script returns it. */
function capturedKettle() {
  vi.stubGlobal('location', { href: PAGE });
  vi.stubGlobal('document', {
    documentElement: { outerHTML: productPage({ name: 'Kettle', price: '49.99' }) },
  });
  try {
    return contentScript.main(undefined as never) as CapturedPage;
  } finally {
    vi.unstubAllGlobals();
  }
}

function injectionReturns(result: unknown) {
  const executeScript = vi.fn(async () => [{ documentId: 'd', frameId: 0, result }]);
  fakeBrowser.scripting.executeScript = executeScript as never;
  return executeScript;
}

/** A focused window with an active tab (fakeBrowser starts with no focused window). */
async function activeTab(url?: string) {
  const focused = await fakeBrowser.windows.create({ focused: true });
  return fakeBrowser.tabs.create({ windowId: focused!.id, active: true, ...(url ? { url } : {}) });
}

describe('content script', () => {
  it('returns the page URL and the extraction of the rendered document', () => {
    const page = CapturedPage.parse(capturedKettle());
    expect(page.url).toBe(PAGE);
    expect(page.extraction.offer).toMatchObject({
      price_cents: 4999,
      currency: 'USD',
      availability: 'in_stock',
    });
    expect(page.extraction.title).toBe('Kettle');
  });

  it('is registered at runtime only (no <all_urls> content script)', () => {
    expect(contentScript.registration).toBe('runtime');
    expect(contentScript.matches).toBeUndefined();
  });
});

describe('capture message', () => {
  const original = fakeBrowser.scripting.executeScript;
  afterEach(() => {
    fakeBrowser.scripting.executeScript = original;
  });

  it('injects the content script into the active tab and answers with the validated extraction', async () => {
    const tab = await activeTab(PAGE);
    const executeScript = injectionReturns(capturedKettle());
    const reply = CaptureReply.parse(await capture({ type: 'capture' }));
    expect(reply).toMatchObject({ ok: true, url: PAGE });
    expect(reply.ok && reply.extraction.offer?.price_cents).toBe(4999);
    expect(executeScript).toHaveBeenCalledWith({
      target: { tabId: tab.id },
      files: [CONTENT_SCRIPT],
    });
  });

  it('uses the tab it is given', async () => {
    await activeTab(PAGE);
    const other = await fakeBrowser.tabs.create({ url: 'https://shop.example.com/other' });
    const executeScript = injectionReturns(capturedKettle());
    await capture({ type: 'capture', tabId: other.id });
    expect(executeScript).toHaveBeenCalledWith(
      expect.objectContaining({ target: { tabId: other.id } }),
    );
  });

  it.each([
    ['nothing', undefined],
    ['a string', '<html>'],
    [
      'a price as text',
      { url: PAGE, extraction: { ...capturedKettle().extraction, confidence: '1' } },
    ],
    ['a missing extraction', { url: PAGE }],
  ])('refuses %s from the page as injection_failed', async (_what, result) => {
    await activeTab(PAGE);
    injectionReturns(result);
    const reply = CaptureReply.parse(await capture({ type: 'capture' }));
    expect(reply).toMatchObject({ ok: false, reason: 'injection_failed' });
  });

  it('says no_product when the page has none', async () => {
    await activeTab(PAGE);
    const none = capturedKettle();
    injectionReturns({ ...none, extraction: { ...none.extraction, source: 'none', offer: null } });
    expect(await capture({ type: 'capture' })).toMatchObject({ ok: false, reason: 'no_product' });
  });

  it('does not inject into browser pages or the web store', async () => {
    const executeScript = injectionReturns(capturedKettle());
    for (const url of ['chrome://settings/', 'https://chromewebstore.google.com/detail/x']) {
      await activeTab(url);
      expect(await capture({ type: 'capture' })).toMatchObject({
        ok: false,
        reason: 'restricted_page',
        url,
      });
    }
    expect(executeScript).not.toHaveBeenCalled();
  });

  it('reports a page it may not script as restricted_page', async () => {
    await activeTab();
    fakeBrowser.scripting.executeScript = (async () => {
      throw new Error('Cannot access contents of the page.');
    }) as never;
    expect(await capture({ type: 'capture' })).toMatchObject({
      ok: false,
      reason: 'restricted_page',
    });
  });

  it('says no_tab without an active tab or for an unknown tabId', async () => {
    await fakeBrowser.windows.create({ focused: true });
    expect(await capture({ type: 'capture' })).toMatchObject({ ok: false, reason: 'no_tab' });
    expect(await capture({ type: 'capture', tabId: 999 })).toMatchObject({
      ok: false,
      reason: 'no_tab',
    });
  });
});
