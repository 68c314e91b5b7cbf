let lastMs = Number.NaN;
let lastIso = '';

/**
 * RFC 3339 UTC with milliseconds, the only timestamp format the API emits. Remembers the last
 * value: one request stamps the same millisecond several times.
 */
export function isoTime(ms: number): string {
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}
