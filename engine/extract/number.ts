/**
 * Turns a run of digits and separators into integer minor units without floating point:
 * the digit strings are joined, never multiplied.
 */

import { foldNumerals } from './normalize-text';

const MAX_DIGITS = 15;
const decimalCache = new Map<string, string>();

/** The decimal separator of a locale, folded to `.` or `,`; `.` when unknown or invalid. */
export function decimalSeparatorOf(locale: string | undefined): string {
  if (!locale) return '.';
  const cached = decimalCache.get(locale);
  if (cached) return cached;
  let separator = '.';
  try {
    const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal');
    if (part && foldNumerals(part.value) === ',') separator = ',';
  } catch {
    // An invalid locale tag: fall back to the dot.
  }
  decimalCache.set(locale, separator);
  return separator;
}

/** Integer and fraction digits of a separated number, or null when the grouping is invalid. */
export function splitNumber(
  raw: string,
  minor: number,
  localeDecimal: string,
): { int: string; frac: string } | null {
  const parts = raw.split(/([.,' ])/);
  const digits = parts.filter((_, i) => i % 2 === 0);
  const seps = parts.filter((_, i) => i % 2 === 1);
  const last = seps[seps.length - 1];
  const lastDigits = digits[digits.length - 1] ?? '';
  if (last === undefined) return { int: raw, frac: '' };
  let decimal = false;
  if (last === '.' || last === ',') {
    const earlier = seps.slice(0, -1);
    if (earlier.includes(last)) {
      if (lastDigits.length !== 3) return null; // 1.234.56: neither grouping nor decimal
    } else if (earlier.length > 0 || lastDigits.length !== 3) {
      decimal = true; // 1.299,00 · 1'299.50 · 12,5 · 0,99
    } else {
      // A single separator followed by three digits: 1,299 or 1.299 groups thousands unless the
      // currency itself has three decimals (KWD 1.250) and the locale writes decimals that way.
      decimal = minor === 3 && last === localeDecimal;
    }
  }
  const groupSeps = decimal ? seps.slice(0, -1) : seps;
  const groups = decimal ? digits.slice(0, -1) : digits;
  if (groupSeps.length > 0) {
    if (new Set(groupSeps).size > 1 || (groups[0] ?? '').length > 3) return null;
    for (let i = 1; i < groups.length; i++) {
      const len = (groups[i] ?? '').length;
      const ok = i === groups.length - 1 ? len === 3 : len === 2 || len === 3; // Indian 1,29,999
      if (!ok) return null;
    }
  }
  return { int: groups.join(''), frac: decimal ? lastDigits : '' };
}

/** Minor units of `int.frac`, rounding half up past the currency's exponent; null when too big. */
export function toMinor(int: string, frac: string, minor: number): number | null {
  const whole = int.replace(/^0+(?=\d)/, '');
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(frac)) return null;
  if (whole.length + minor > MAX_DIGITS) return null;
  let value = Number(whole + frac.slice(0, minor).padEnd(minor, '0'));
  if ((frac[minor] ?? '0') >= '5') value += 1;
  return value;
}

/** Minor units of a raw number as printed (`1.299,00`, `1'299`, `12.5`), or null. */
export function readAmount(raw: string, minor: number, localeDecimal: string): number | null {
  const split = splitNumber(raw, minor, localeDecimal);
  return split ? toMinor(split.int, split.frac, minor) : null;
}
