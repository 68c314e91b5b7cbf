import { DELIVERIES_PER_ENDPOINT, type Fetcher } from '../engine/index';
import { createGuardedFetcher } from './net/guarded-fetcher';

const DELIVERY_TIMEOUT_MS = 15_000;

/**
 * The fetchers webhook deliveries go through. Live: the connection guard refuses private,
 * loopback, link-local and metadata addresses at connect time (after registration refused their
 * literal spellings), unless --allow-private-network. Test: loopback receivers work. No per-host
 * pacing: the dispatcher limits each endpoint itself.
 */
export function wireWebhookFetchers(options: { allowPrivateNetwork: boolean }) {
  const common = {
    politeness: false,
    timeoutMs: DELIVERY_TIMEOUT_MS,
    connectionsPerOrigin: DELIVERIES_PER_ENDPOINT,
  } as const;
  const live = createGuardedFetcher({
    mode: 'live',
    allowPrivateNetwork: options.allowPrivateNetwork,
    ...common,
  });
  const test = createGuardedFetcher({ mode: 'test', ...common });
  return {
    fetcherFor: (livemode: boolean): Fetcher => (livemode ? live : test),
    close: async () => {
      await Promise.all([live.close(), test.close()]);
    },
  };
}
