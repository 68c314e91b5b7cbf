import { createAcpConnector, type EngineOptions, type Fetcher } from '../../engine/index';

/** The sandbox merchant's API key (server/sandbox-merchant: DEFAULT_SANDBOX_API_KEY). */
export const SANDBOX_API_KEY = 'sandbox_merchant_key';

/**
 * Like server/merchants.ts: the built-in engine is a local test-mode engine. It buys by API (ACP)
 * only for product URLs on the configured sandbox origin; every other merchant gets the assisted
 * flow (connectorFor answers null). One fetcher serves product pages and merchant calls.
 */
export function wireMerchants(
  sandboxUrl: string | null,
  fetcher: Fetcher,
): Required<Pick<EngineOptions, 'fetcherFor' | 'connectorFor'>> {
  const sandbox = sandboxUrl ? new URL(sandboxUrl) : null;
  const connector = sandbox
    ? createAcpConnector(
        {
          merchantId: sandbox.hostname,
          baseUrl: sandbox.href.replace(/\/+$/, ''),
          apiKey: SANDBOX_API_KEY,
        },
        fetcher,
      )
    : null;
  const onSandbox = (url: string | null) => {
    if (!url || !sandbox) return false;
    try {
      return new URL(url).origin === sandbox.origin;
    } catch {
      return false;
    }
  };
  return {
    fetcherFor: () => fetcher,
    connectorFor: (_merchantId, livemode, productUrl) =>
      !livemode && onSandbox(productUrl) ? connector : null,
  };
}
