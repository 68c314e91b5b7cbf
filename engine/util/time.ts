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

const DATE_FIELDS = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}))?/;

/**
 * Whether the date fields of an ISO 8601 text name a real day and hour. `Date.parse` rolls
 * 2027-02-30 over to 2 March and reads hour 24 as the next midnight; neither is what was meant.
 */
export function isRealDate(value: string): boolean {
  const fields = DATE_FIELDS.exec(value);
  if (!fields) return false;
  const year = Number(fields[1]);
  const month = Number(fields[2]);
  const day = Number(fields[3]);
  const realDay = month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
  return realDay && (fields[4] === undefined || Number(fields[4]) <= 23);
}

/** Days in a month (1-12) of the proleptic Gregorian calendar, as Date.UTC counts them. */
function daysInMonth(year: number, month: number): number {
  if (month !== 2) return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return leap ? 29 : 28;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const FIRST_MS = Date.parse('0000-01-01T00:00:00Z');
const PAST_LAST_MS = Date.UTC(10_000, 0, 1);

/**
 * Whether a text is an RFC 3339 timestamp with an offset, naming a real day and hour, whose
 * instant the API can answer again in RFC 3339 UTC: years 0000-9999 once moved to UTC (JavaScript
 * writes others as +010000-… or -000001-…, which no RFC 3339 reader takes).
 */
export function isRfc3339(value: string): boolean {
  if (!RFC3339.test(value) || !isRealDate(value)) return false;
  const ms = Date.parse(value);
  return ms >= FIRST_MS && ms < PAST_LAST_MS;
}

let lastInput = '';
let lastUtc = '';

/**
 * An RFC 3339 timestamp with any offset, as the API stores and emits it: UTC with milliseconds.
 * Remembers the last value apart from isoTime's, which it would otherwise push out.
 */
export function toUtc(value: string): string {
  if (value !== lastInput) {
    lastUtc = new Date(Date.parse(value)).toISOString();
    lastInput = value;
  }
  return lastUtc;
}
