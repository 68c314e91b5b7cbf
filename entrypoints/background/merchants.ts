import { sandboxMerchant, type EngineOptions, type Fetcher } from '../../engine/index';

/**
 * The built-in engine is a local test-mode engine: ACP with the configured sandbox merchant, the
 * assisted flow everywhere else (engine/merchants/sandbox.ts, as the server). One fetcher serves
 * product pages and merchant calls.
 */
export function wireMerchants(
  sandboxUrl: string | null,
  fetcher: Fetcher,
): Required<Pick<EngineOptions, 'fetcherFor' | 'connectorFor'>> {
  return {
    fetcherFor: () => fetcher,
    connectorFor: sandboxMerchant({ url: sandboxUrl, fetcher }).connectorFor,
  };
}
