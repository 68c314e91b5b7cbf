import { createAcpConnector, type Fetcher, type MerchantConnector } from '../engine/index';
import { createGuardedFetcher } from './net/guarded-fetcher';

export interface MerchantWiring {
  fetcherFor: (livemode: boolean, url: string) => Fetcher;
  connectorFor: (
    merchantId: string,
    livemode: boolean,
    productUrl: string | null,
  ) => MerchantConnector | null;
  close: () => Promise<void>;
}

/**
 * Fetchers and connectors of the server. Test mode buys only from the sandbox merchant (an ACP
 * connector on its origin); live mode has no API merchant configured in v1, so live intents use
 * the assisted flow. Live fetches never reach private addresses, except the sandbox origin and
 * with --allow-private-network.
 */
export function wireMerchants(options: {
  sandbox: { url: string; apiKey: string } | null;
  allowPrivateNetwork: boolean;
}): MerchantWiring {
  const sandboxOrigin = options.sandbox ? new URL(options.sandbox.url).origin : null;
  const allowOrigins = sandboxOrigin ? [sandboxOrigin] : [];
  // Our own sandbox needs no politeness delay between requests; real shops get one per host.
  const sandboxFetcher = createGuardedFetcher({ mode: 'test', minIntervalMs: 0, allowOrigins });
  const testFetcher = createGuardedFetcher({ mode: 'test', allowOrigins });
  const liveFetcher = createGuardedFetcher({
    mode: 'live',
    allowOrigins,
    allowPrivateNetwork: options.allowPrivateNetwork,
  });
  const sandboxConnector = options.sandbox
    ? createAcpConnector(
        {
          merchantId: new URL(options.sandbox.url).hostname,
          baseUrl: options.sandbox.url,
          apiKey: options.sandbox.apiKey,
        },
        sandboxFetcher,
      )
    : null;
  const onSandbox = (url: string | null) => {
    if (!url || !sandboxOrigin) return false;
    try {
      return new URL(url).origin === sandboxOrigin;
    } catch {
      return false;
    }
  };
  return {
    fetcherFor: (livemode, url) =>
      onSandbox(url) ? sandboxFetcher : livemode ? liveFetcher : testFetcher,
    connectorFor: (_merchantId, livemode, productUrl) =>
      !livemode && onSandbox(productUrl) ? sandboxConnector : null,
    close: async () => {
      await Promise.all([sandboxFetcher.close(), testFetcher.close(), liveFetcher.close()]);
    },
  };
}
