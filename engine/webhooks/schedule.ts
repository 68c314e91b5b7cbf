const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Svix's schedule: the delay before attempt n+1 after attempt n failed; after the last, give up. */
export const RETRY_DELAYS_MS = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** No successful delivery for this long disables an endpoint. */
export const DISABLE_AFTER_MS = 5 * 24 * HOUR;

/** The longest `Retry-After` honoured (a larger one waits this long). */
const MAX_RETRY_AFTER_MS = 10 * HOUR;

/** The delay after failed attempt `attempt` (from 1) with ±20 % jitter, or null: give up. */
export function retryDelay(attempt: number, random: () => number): number | null {
  const base = RETRY_DELAYS_MS[attempt - 1];
  if (base === undefined) return null;
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** A `Retry-After` header (seconds or an HTTP date) in ms from `now`, or null. */
export function retryAfterMs(header: string | undefined, now: number): number | null {
  if (!header) return null;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) * SECOND : Date.parse(header) - now;
  if (!Number.isFinite(seconds) || seconds < 0) return null;
  return Math.min(seconds, MAX_RETRY_AFTER_MS);
}
