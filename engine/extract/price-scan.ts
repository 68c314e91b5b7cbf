import { minorUnits, type CurrencyHint } from './currency';
import { decimalSeparatorOf, readAmount, splitNumber, toMinor } from './number';
import { foldNumerals } from './normalize-text';
import {
  codeAfter,
  currencyOf,
  isLetter,
  markerAfter,
  markerBefore,
  signWithCode,
  skipSpacesBack,
  type Marker,
} from './price-marker';
import { centsAfterSign, numberAt, strayJoined, type RawNumber } from './price-number';

/** One amount found in a piece of text, with where it sits (marker included). */
export interface PriceToken {
  start: number;
  end: number;
  amount_minor: number;
  currency: string | null;
  /** A currency symbol or code touches the number. */
  marked: boolean;
  /** Followed by `/kg`, `per …`: a unit price, not the price of the item. */
  perUnit: boolean;
  /** A sign and a code naming different currencies (`€19.50 USD`): no price. */
  conflict?: true;
}

const NUMBER = /\d+(?:[.,' ]\d+)*/g;
const SPACED_LETTER = /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]/u;
const MAX_TEXT = 2_000;

/** A letter of a script that separates words by spaces: `B07X8`, `100ml` are not prices. */
function isGlued(ch: string | undefined): boolean {
  return ch !== undefined && SPACED_LETTER.test(ch);
}

/** A `-` touching the number or its leading marker, not a range dash after another number. */
function isMinusAt(text: string, i: number): boolean {
  if (text[i - 1] !== '-') return false;
  return !/\d/.test(text[skipSpacesBack(text, i - 1) - 1] ?? '');
}

/** The marker after the digits: only a code when a sign stands before (`$19.50 AUD`). */
function markersOf(text: string, start: number, digitsEnd: number) {
  let negative = isMinusAt(text, skipSpacesBack(text, start));
  const before = markerBefore(text, negative ? skipSpacesBack(text, start) - 1 : start);
  if (before && isMinusAt(text, before.start)) negative = true;
  const after = before ? codeAfter(text, digitsEnd) : markerAfter(text, digitsEnd);
  return { before, after, negative };
}

function currencyOfMarkers(before: Marker | null, after: Marker | null, hint: CurrencyHint) {
  if (!before || !after) return { currency: currencyOf(before ?? after, hint), conflict: false };
  const named = signWithCode(before, after);
  return named === 'conflict'
    ? { currency: null, conflict: true }
    : { currency: named, conflict: false };
}

interface Read {
  token: PriceToken | null;
  /** Where scanning goes on. */
  next: number;
}

function tokenOf(text: string, number: RawNumber, hint: CurrencyHint, decimal: string): Read {
  const skip = { token: null, next: number.end };
  let digitsEnd = number.end;
  if (/^[.,][-–—]/.test(text.slice(digitsEnd, digitsEnd + 2))) digitsEnd += 2; // 12,- · 1'299.–
  const { before, after, negative } = markersOf(text, number.start, digitsEnd);
  if (negative) return skip;
  const marker = before ?? after;
  if (!marker && (isGlued(text[number.start - 1]) || isGlued(text[digitsEnd]))) return skip;
  if (/^\s*%/.test(text.slice(digitsEnd, digitsEnd + 3))) return skip;
  const { currency, conflict } = currencyOfMarkers(before, after, hint);
  const minor = minorUnits(currency ?? 'XXX');
  let amount = number.leading
    ? toMinor('0', number.raw, minor)
    : readAmount(number.raw, minor, decimal);
  let end = after ? after.end : digitsEnd;
  const cents = after && !before && minor === 2 ? centsAfterSign(text, after) : null;
  const whole = cents && splitNumber(number.raw, minor, decimal);
  if (cents && whole && whole.frac === '') {
    amount = toMinor(whole.int, cents.digits, minor);
    end = cents.end;
  }
  if (amount === null) return skip;
  const token: PriceToken = {
    start: before ? before.start : number.start,
    end,
    amount_minor: amount,
    currency,
    marked: marker !== null,
    perUnit: /^\s*(\/|per\b|pro\b|je\b|par\b)/i.test(text.slice(end, end + 6)),
    ...(conflict ? { conflict: true as const } : {}),
  };
  return { token, next: Math.max(number.end, end) };
}

/** Every amount in `text`, in order. Never throws. */
export function scanPrices(input: string, hint: CurrencyHint = {}): PriceToken[] {
  const text = foldNumerals(input.slice(0, MAX_TEXT));
  const decimal = decimalSeparatorOf(hint.locale);
  const tokens: PriceToken[] = [];
  NUMBER.lastIndex = 0;
  for (let m = NUMBER.exec(text); m; m = NUMBER.exec(text)) {
    const number = numberAt(text, m.index, m[0]);
    const joined = strayJoined(text, number);
    const throughSpace = joined && tokenOf(text, joined, hint, decimal);
    // A stray space is read through only where a currency marker says this is a price.
    const read = throughSpace?.token?.marked ? throughSpace : tokenOf(text, number, hint, decimal);
    NUMBER.lastIndex = read.next;
    if (read.token) tokens.push(read.token);
  }
  return tokens;
}

/** The one currency all markers in `text` agree on, else null. */
export function soleCurrencyIn(input: string, hint: CurrencyHint = {}): string | null {
  const text = foldNumerals(input.slice(0, MAX_TEXT));
  const found = new Set<string | null>();
  for (let i = 0; i < text.length; i++) {
    const marker = markerAfter(text, i);
    if (!marker || (isLetter(marker.symbol[0]) && isLetter(text[i - 1]))) continue;
    found.add(currencyOf(marker, hint));
    i = marker.end - 1;
  }
  found.delete(null);
  return found.size === 1 ? ([...found][0] ?? null) : null;
}
