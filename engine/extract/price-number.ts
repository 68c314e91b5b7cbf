/**
 * Where a printed number starts and ends, as shops really write them: with no digit before the
 * decimal separator (`.50 $`, `€.99`), with a stray space after a separator (`$24. 99`,
 * `1.250, 40 €`, `87, 15 zł`), and with the cents after the sign (`12€49`, `12€ 49`).
 */
import { isLetter, markerAfter, markerBefore, skipSpacesBack, type Marker } from './price-marker';

export interface RawNumber {
  /** Its first digit, or the separator that opens it (`.50`). */
  start: number;
  end: number;
  /** Digits and separators, stray spaces left out (`24. 99` → `24.99`). */
  raw: string;
  /** No digit before the decimal separator: `raw` is the fraction. */
  leading: boolean;
}

/** Cuts a raw number where a space or apostrophe cannot be a thousands separator. */
function usableLength(raw: string): number {
  const re = /[.,' ]/g;
  let seenPunct = false;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const sep = m[0];
    const nextLen = /^\d+/.exec(raw.slice(m.index + 1))?.[0].length ?? 0;
    if ((sep === ' ' || sep === "'") && (seenPunct || nextLen !== 3)) return m.index;
    if (sep === '.' || sep === ',') seenPunct = true;
  }
  return raw.length;
}

/** `.50`, `€.99`: a separator after nothing that could own it (a digit, a letter, punctuation). */
function opensWithSeparator(text: string, digitsStart: number, digits: string): boolean {
  const sep = text[digitsStart - 1];
  if ((sep !== '.' && sep !== ',') || !/^\d{1,3}$/.test(digits)) return false;
  return !/[\p{L}\p{N}.,']/u.test(text[digitsStart - 2] ?? ' ');
}

/** The number NUMBER matched at `index` (`match` its text), cut to what can be one number. */
export function numberAt(text: string, index: number, match: string): RawNumber {
  const raw = match.slice(0, usableLength(match));
  const leading = opensWithSeparator(text, index, raw);
  return { start: leading ? index - 1 : index, end: index + raw.length, raw, leading };
}

/** The number goes on past a stray space only where it cannot be a list (`36, 38, 40 €`). */
function mayJoin(text: string, number: RawNumber): boolean {
  const before = text.slice(Math.max(0, number.start - 4), number.start);
  if (/\d[.,] ?$/.test(before)) return false;
  const prev = text[skipSpacesBack(text, number.start) - 1];
  return !isLetter(prev) || markerBefore(text, number.start) !== null;
}

const STRAY = /^([.,]) (\d+)((?:[.,]\d+)?)/;

/**
 * The number read through a stray space after its last separator: two digits are decimals
 * (`24. 99`), three then a decimal part are a thousands group (`1, 299.00`). Null when the text
 * has no such space or goes on as a list. The caller trusts it only with a currency marker.
 */
export function strayJoined(text: string, number: RawNumber): RawNumber | null {
  if (number.leading) return null;
  const m = STRAY.exec(text.slice(number.end, number.end + 24));
  if (!m || !mayJoin(text, number)) return null;
  const [whole, sep = '', digits = '', rest = ''] = m;
  const decimals = digits.length === 2 && rest === '';
  const thousands = digits.length === 3 && rest !== '' && rest[0] !== sep;
  const end = number.end + whole.length;
  if ((!decimals && !thousands) || /^[.,] ?\d/.test(text.slice(end, end + 3))) return null;
  return { ...number, end, raw: number.raw + sep + digits + rest };
}

/**
 * `12€49`, `12€ 49`: two digits right after a sign written after a whole amount, ending the
 * text or followed by neither a word, a percent nor another amount's sign. Null otherwise.
 */
export function centsAfterSign(text: string, sign: Marker): { digits: string; end: number } | null {
  if (isLetter(sign.symbol[0]) || /^[A-Z]{3}$/.test(sign.symbol)) return null;
  const m = /^ ?(\d{2})(?![\d.,'])/.exec(text.slice(sign.end, sign.end + 4));
  if (!m?.[1]) return null;
  const end = sign.end + m[0].length;
  const rest = text.slice(end, end + 3);
  if (/^ ?[\p{L}%]/u.test(rest) || markerAfter(text, end)) return null;
  return { digits: m[1], end };
}
