/**
 * Server addresses as the extension stores them, so that what the options page compares with
 * what it saved is what the background keeps: `https://api.example.com/v1/` ->
 * `https://api.example.com` (paths are joined as `/v1/...`).
 */
export const normaliseBaseUrl = (url: string) =>
  url.trim().replace(/\/+$/, '').replace(/\/v1$/, '');

/** A merchant origin without trailing slashes. */
export const normaliseOrigin = (url: string) => url.trim().replace(/\/+$/, '');
