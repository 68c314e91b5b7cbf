import { defineContentScript } from 'wxt/utils/define-content-script';
import { extractProduct } from '../../engine/extract/index';
import type { CapturedPage } from '../../components/messages';

/**
 * Capture: injected on demand by the background (`scripting.executeScript`, under activeTab) —
 * never declared for `<all_urls>`. Reads the rendered page and answers with what the shared
 * extractor finds; the value main() returns is the result of executeScript, and the background
 * validates it (the page could have tampered with anything running in its document).
 */
export default defineContentScript({
  registration: 'runtime',
  // Do not announce ourselves to the page through window.postMessage.
  noScriptStartedPostMessage: true,
  main(): CapturedPage {
    const url = location.href;
    return { url, extraction: extractProduct(document.documentElement.outerHTML, url) };
  },
});
