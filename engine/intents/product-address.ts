import type { Caller } from '../caller';
import type { NetworkPolicy } from '../context';
import { invalid } from '../errors';
import { checkHostText } from '../net/address-policy';

/**
 * A live-mode product page on a loopback, private, link-local or metadata address — in any
 * spelling the URL parser accepts (decimal, hex, octal, IPv4-mapped IPv6, `localhost`,
 * `*.localhost`) — is refused at create: the connection guard would refuse every check anyway.
 * Names are not resolved here; the guard checks the address actually connected to.
 */
export function checkProductAddress(
  caller: Caller,
  network: NetworkPolicy | undefined,
  productUrl: string | undefined,
  param = 'objective.product.product_url',
) {
  if (!productUrl || !caller.livemode || network?.allowPrivate) return;
  const url = new URL(productUrl);
  if (network?.exemptOrigins.includes(url.origin)) return;
  const verdict = checkHostText(url.hostname);
  if (verdict && !verdict.allowed) {
    throw invalid(
      param,
      `${param} names a non-public address (${url.hostname}: ${verdict.reason}); live intents watch public shop pages only. Use the shop's public URL, or a test key for local pages.`,
    );
  }
}
