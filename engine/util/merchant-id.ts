const HOST = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/**
 * The merchant id of a host name or URL (CONTRACT §9): the host, lower case, without `www.`
 * and without port. Returns null when the value is not a host name or http(s) URL.
 */
export function merchantIdOf(value: string): string | null {
  let host = value.trim().toLowerCase();
  if (/^https?:\/\//.test(host)) {
    try {
      host = new URL(host).hostname;
    } catch {
      return null;
    }
  }
  host = host
    .replace(/:\d+$/, '')
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  return HOST.test(host) ? host : null;
}
