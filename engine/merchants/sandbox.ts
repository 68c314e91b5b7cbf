import type { Fetcher, MerchantConnector } from '../ports';
import { merchantIdOf } from '../util/merchant-id';
import { createAcpConnector } from './acp/connector';

/** The key the sandbox merchant (server/sandbox-merchant) accepts unless told another. */
export const SANDBOX_API_KEY = 'sandbox_merchant_key';

export interface SandboxMerchant {
  /** Whether a URL is on the sandbox merchant's origin. */
  owns(url: string | null): boolean;
  /** EngineOptions.connectorFor: the ACP connector for test-mode products of the sandbox, else null (assisted). */
  connectorFor(
    merchantId: string,
    livemode: boolean,
    productUrl: string | null,
  ): MerchantConnector | null;
}

/**
 * Test mode buys by API (ACP) only from the sandbox merchant at `url`; every other merchant, and
 * live mode, which has no API merchant configured in v1, get the assisted flow. Server and
 * extension wire their engines with it.
 */
export function sandboxMerchant(options: {
  url: string | null;
  apiKey?: string;
  fetcher: Fetcher;
}): SandboxMerchant {
  const base = options.url ? new URL(options.url) : null;
  const connector = base
    ? createAcpConnector(
        {
          // Its id as pages and allowed_merchants name it (no `www.`); an IPv6 literal as it is.
          merchantId: merchantIdOf(base.hostname) ?? base.hostname,
          baseUrl: base.href.replace(/\/+$/, ''),
          apiKey: options.apiKey ?? SANDBOX_API_KEY,
        },
        options.fetcher,
      )
    : null;
  const owns = (url: string | null) => {
    if (!url || !base) return false;
    try {
      return new URL(url).origin === base.origin;
    } catch {
      return false;
    }
  };
  return {
    owns,
    // Without a page (a procurement buying from allowed_merchants by sku), the merchant id decides.
    connectorFor: (id, livemode, productUrl) =>
      !livemode && (productUrl === null ? id === connector?.merchantId : owns(productUrl))
        ? connector
        : null,
  };
}

/**
 * Several sandbox merchants as one (serve's repeated --sandbox-url): each answers for its own
 * origin. Give each its own host (127.0.0.1, 127.0.0.2…: all of 127/8 is loopback on Linux) so
 * that each is its own merchant id, as two shops are.
 */
export function sandboxMerchants(sandboxes: SandboxMerchant[]): SandboxMerchant {
  return {
    owns: (url) => sandboxes.some((sandbox) => sandbox.owns(url)),
    connectorFor: (merchantId, livemode, productUrl) => {
      for (const sandbox of sandboxes) {
        const connector = sandbox.connectorFor(merchantId, livemode, productUrl);
        if (connector) return connector;
      }
      return null;
    },
  };
}
