import {
  sandboxMerchant,
  sandboxMerchants,
  type Fetcher,
  type MerchantConnector,
  type NetworkPolicy,
} from '../engine/index';
import { createGuardedFetcher } from './net/guarded-fetcher';

export interface MerchantWiring {
  fetcherFor: (livemode: boolean, url: string) => Fetcher;
  connectorFor: (
    merchantId: string,
    livemode: boolean,
    productUrl: string | null,
  ) => MerchantConnector | null;
  /** What the live fetcher reaches besides public addresses, for create's early refusal. */
  network: NetworkPolicy;
  close: () => Promise<void>;
}

/**
 * Fetchers and connectors of the server: ACP with the sandbox merchants in test mode (one, or
 * several on their own hosts), the assisted flow everywhere else (engine/merchants/sandbox.ts).
 * Live fetches never reach private addresses, except the sandbox origins and with
 * --allow-private-network.
 */
export function wireMerchants(options: {
  sandboxes: { url: string; apiKey: string }[];
  allowPrivateNetwork: boolean;
}): MerchantWiring {
  const allowOrigins = options.sandboxes.map((sandbox) => new URL(sandbox.url).origin);
  // Our own sandbox needs no politeness delay between requests; real shops get one per host.
  const sandboxFetcher = createGuardedFetcher({ mode: 'test', minIntervalMs: 0, allowOrigins });
  const testFetcher = createGuardedFetcher({ mode: 'test', allowOrigins });
  const liveFetcher = createGuardedFetcher({
    mode: 'live',
    allowOrigins,
    allowPrivateNetwork: options.allowPrivateNetwork,
  });
  const sandbox = sandboxMerchants(
    options.sandboxes.map(({ url, apiKey }) =>
      sandboxMerchant({ url, apiKey, fetcher: sandboxFetcher }),
    ),
  );
  return {
    fetcherFor: (livemode, url) =>
      sandbox.owns(url) ? sandboxFetcher : livemode ? liveFetcher : testFetcher,
    connectorFor: sandbox.connectorFor,
    network: { allowPrivate: options.allowPrivateNetwork, exemptOrigins: allowOrigins },
    close: async () => {
      await Promise.all([sandboxFetcher.close(), testFetcher.close(), liveFetcher.close()]);
    },
  };
}
