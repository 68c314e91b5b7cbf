import type { Caller } from '../caller';
import type { NetworkPolicy } from '../context';
import { invalid } from '../errors';
import { checkHostText } from '../net/address-policy';

/**
 * An endpoint URL must be http(s) without credentials. Live mode: https only, and never a
 * loopback, private, link-local or metadata address in any spelling (the guarded fetcher checks
 * the address actually connected to again at every delivery). Test mode allows loopback.
 */
export function checkEndpointUrl(
  caller: Caller,
  network: NetworkPolicy | undefined,
  raw: string,
): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid('url', 'url must be an absolute http(s) URL.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw invalid('url', 'url must be an absolute http(s) URL.');
  if (url.username || url.password) throw invalid('url', 'url must not carry credentials.');
  if (!caller.livemode) return url.href;
  if (url.protocol !== 'https:')
    throw invalid('url', 'Live webhook endpoints must use https; use a test key for http.');
  if (network?.allowPrivate) return url.href;
  const verdict = checkHostText(url.hostname);
  if (verdict && !verdict.allowed) {
    throw invalid(
      'url',
      `url names a non-public address (${url.hostname}: ${verdict.reason}); live endpoints must be public. Use a test key for local receivers.`,
    );
  }
  return url.href;
}
