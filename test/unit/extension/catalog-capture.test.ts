import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiReply, CaptureReply } from '../../../components/messages';
import { extractProduct } from '../../../engine/extract/index';
import { startBackground } from './support';

const PAGE = 'https://www.shop.example.com/products/kettle';
const HTML = `<!doctype html><html><head><title>Kaldor Kettle</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Kaldor Electric Kettle",
"brand":"Kaldor","gtin13":"4006381333931","offers":{"@type":"Offer","price":"49.99","priceCurrency":"USD",
"availability":"https://schema.org/InStock"}}</script></head><body></body></html>`;

/** The active tab shows PAGE and the content script answers with what it reads there. */
async function onProductPage() {
  const focused = await fakeBrowser.windows.create({ focused: true });
  await fakeBrowser.tabs.create({ windowId: focused!.id, active: true, url: PAGE });
  const result = { url: PAGE, extraction: extractProduct(HTML, PAGE) };
  fakeBrowser.scripting.executeScript = vi.fn(async () => [
    { documentId: 'd', frameId: 0, result },
  ]) as never;
}

describe('a page the popup reads enters the built-in engine’s catalog', () => {
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    stop = undefined;
  });

  it('is found by POST /v1/resolve/products with its merchant and price', async () => {
    const bg = startBackground();
    stop = bg.stop;
    await onProductPage();
    expect(CaptureReply.parse(await bg.send({ type: 'capture' }))).toMatchObject({ ok: true });
    const resolve = async () =>
      JSON.parse(
        ApiReply.parse(
          await bg.send({
            type: 'api',
            method: 'POST',
            path: '/v1/resolve/products',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query: 'kaldor kettle' }),
          }),
        ).body,
      ).candidates;
    await vi.waitFor(async () => expect(await resolve()).toHaveLength(1));
    expect((await resolve())[0]).toMatchObject({
      name: 'Kaldor Electric Kettle',
      brand: 'Kaldor',
      identifiers: { ean: '4006381333931' },
      merchant_coverage: ['shop.example.com'],
      offers: [{ url: PAGE, price_cents: 4999, currency: 'USD', availability: 'in_stock' }],
    });
    expect(bg.errors).toEqual([]);
  });

  it('leaves the engine closed in remote mode (the server keeps its own catalog)', async () => {
    const bg = startBackground();
    stop = bg.stop;
    await bg.send({
      type: 'settings.set',
      settings: { mode: 'remote', remote_base_url: 'https://intents.example.com' },
      remote_api_key: 'sk_test_remote',
    });
    await onProductPage();
    expect(CaptureReply.parse(await bg.send({ type: 'capture' }))).toMatchObject({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bg.background.host.opened).toBe(false);
    expect(bg.errors).toEqual([]);
  });
});
