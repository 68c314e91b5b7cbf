import {
  currencyOfSymbol,
  isoCode,
  isTextCode,
  minorUnits,
  SYMBOL_LIST,
  type CurrencyHint,
} from './currency';
import { decimalSeparatorOf, readAmount } from './number';
import { foldNumerals } from './normalize-text';

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
}

const NUMBER = /\d+(?:[.,' ]\d+)*/g;
const LETTER = /\p{L}/u;
const SPACED_LETTER = /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]/u;
const MAX_TEXT = 2_000;

interface Marker {
  symbol: string;
  start: number;
  end: number;
}

function isLetter(ch: string | undefined): boolean {
  return ch !== undefined && LETTER.test(ch);
}

/** A letter of a script that separates words by spaces: `B07X8`, `100ml` are not prices. */
function isGlued(ch: string | undefined): boolean {
  return ch !== undefined && SPACED_LETTER.test(ch);
}

function skipSpacesBack(text: string, i: number): number {
  while (i > 0 && text[i - 1] === ' ') i--;
  return i;
}

function markerBefore(text: string, index: number): Marker | null {
  const i = skipSpacesBack(text, index);
  const head = text.slice(Math.max(0, i - 6), i);
  const code = /[A-Z]{3}$/.exec(head)?.[0];
  if (code && isTextCode(code) && !isLetter(text[i - 4]))
    return { symbol: code, start: i - 3, end: i };
  for (const symbol of SYMBOL_LIST) {
    if (!head.endsWith(symbol)) continue;
    const start = i - symbol.length;
    if (isLetter(symbol[0]) && isLetter(text[start - 1])) continue;
    return { symbol, start, end: i };
  }
  return null;
}

function markerAfter(text: string, index: number): Marker | null {
  let i = index;
  while (text[i] === ' ') i++;
  const tail = text.slice(i, i + 6);
  const code = /^[A-Z]{3}/.exec(tail)?.[0];
  if (code && isTextCode(code) && !isLetter(text[i + 3]))
    return { symbol: code, start: i, end: i + 3 };
  for (const symbol of SYMBOL_LIST) {
    if (!tail.startsWith(symbol)) continue;
    if (isLetter(symbol[symbol.length - 1]) && isLetter(text[i + symbol.length])) continue;
    return { symbol, start: i, end: i + symbol.length };
  }
  return null;
}

function currencyOf(marker: Marker | null, hint: CurrencyHint): string | null {
  if (!marker) return isoCode(hint.currency);
  return isoCode(marker.symbol) ?? currencyOfSymbol(marker.symbol, hint);
}

/** A `-` touching the number or its leading marker, not a range dash after another number. */
function isMinusAt(text: string, i: number): boolean {
  if (text[i - 1] !== '-') return false;
  return !/\d/.test(text[skipSpacesBack(text, i - 1) - 1] ?? '');
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

/** Every amount in `text`, in order. Never throws. */
export function scanPrices(input: string, hint: CurrencyHint = {}): PriceToken[] {
  const text = foldNumerals(input.slice(0, MAX_TEXT));
  const decimal = decimalSeparatorOf(hint.locale);
  const tokens: PriceToken[] = [];
  NUMBER.lastIndex = 0;
  for (let m = NUMBER.exec(text); m; m = NUMBER.exec(text)) {
    const digitsStart = m.index;
    const raw = m[0].slice(0, usableLength(m[0]));
    let digitsEnd = digitsStart + raw.length;
    NUMBER.lastIndex = digitsEnd;
    let negative = isMinusAt(text, skipSpacesBack(text, digitsStart));
    const before = markerBefore(
      text,
      negative ? skipSpacesBack(text, digitsStart) - 1 : digitsStart,
    );
    const wholeOnly = /^[.,][-–—]/.test(text.slice(digitsEnd, digitsEnd + 2));
    if (wholeOnly) digitsEnd += 2;
    const after = before ? null : markerAfter(text, digitsEnd);
    const marker = before ?? after;
    if (before && isMinusAt(text, before.start)) negative = true;
    if (negative) continue;
    if (!marker && (isGlued(text[digitsStart - 1]) || isGlued(text[digitsEnd]))) continue;
    if (/^\s*%/.test(text.slice(digitsEnd, digitsEnd + 3))) continue;
    const currency = currencyOf(marker, hint);
    const minor = minorUnits(currency ?? 'XXX');
    const amount = readAmount(raw, minor, decimal);
    if (amount === null) continue;
    const end = after ? after.end : digitsEnd;
    tokens.push({
      start: before ? before.start : digitsStart,
      end,
      amount_minor: amount,
      currency,
      marked: marker !== null,
      perUnit: /^\s*(\/|per\b|pro\b|je\b|par\b)/i.test(text.slice(end, end + 6)),
    });
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
