import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Message } from '../../../components/messages';
import {
  createBackground,
  type BackgroundOptions,
} from '../../../entrypoints/background/background';

let databases = 0;

/** A sender as Chrome reports the extension's own popup. */
export const popupSender = (): Browser.runtime.MessageSender => ({
  id: fakeBrowser.runtime.id,
  url: fakeBrowser.runtime.getURL('/popup.html'),
  origin: fakeBrowser.runtime.getURL('/').replace(/\/$/, ''),
});

/** A background on its own fake-indexeddb database; errors are collected, not printed. */
export function startBackground(options: BackgroundOptions = {}) {
  const errors: unknown[] = [];
  const background = createBackground({
    dbName: `extension-test-${databases++}`,
    onError: (error) => errors.push(error),
    ...options,
  });
  /** Delivers a message as runtime.onMessage would and resolves with the reply. */
  const send = <T = unknown>(
    message: Message | Record<string, unknown>,
    sender: Browser.runtime.MessageSender = popupSender(),
  ) =>
    new Promise<T>((resolve) => {
      background.onMessage(message, sender, (reply) => resolve(reply as T));
    });
  /** Routes browser.runtime.sendMessage (as the pages call it) to this background as the popup. */
  const connectPages = () =>
    fakeBrowser.runtime.onMessage.addListener((message, _sender, sendResponse) =>
      background.onMessage(message, popupSender(), sendResponse),
    );
  return { background, errors, send, connectPages, stop: () => background.host.stop() };
}

/** A product page with schema.org JSON-LD. */
export function productPage(fields: { name: string; price: string; availability?: string }) {
  return `<!doctype html><html><head><title>${fields.name}</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"${fields.name}","sku":"sku-1",
"offers":{"@type":"Offer","price":"${fields.price}","priceCurrency":"USD","availability":"https://schema.org/${fields.availability ?? 'InStock'}"}}</script>
</head><body><h1>${fields.name}</h1></body></html>`;
}

/** A create body for the built-in engine (test mode). */
export const intentBody = (productUrl: string, overrides: Record<string, unknown> = {}) => ({
  type: 'purchase',
  external_user_id: 'extension-user',
  objective: { product: { product_url: productUrl, quantity: 1 } },
  conditions: { availability: 'in_stock', max_price_cents: 20_000, currency: 'USD' },
  payment: { payment_method_id: 'pm_card_visa', max_charge_cents: 30_000 },
  ...overrides,
});
