/**
 * The currency marker touching an amount: a symbol or abbreviation (`$`, `€`, `р.`, `zł`) or an
 * ISO code (`AUD`), before or after the digits. A symbol shared by several currencies followed
 * by one of their codes (`$19.50 AUD`) is that currency; a sign and a code that name different
 * currencies (`€19.50 USD`) are two answers to one question, and neither is taken.
 */
import {
  currencyOfSymbol,
  isoCode,
  isTextCode,
  SYMBOL_LIST,
  symbolMayMean,
  type CurrencyHint,
} from './currency';

export interface Marker {
  symbol: string;
  start: number;
  end: number;
}

const LETTER = /\p{L}/u;

export function isLetter(ch: string | undefined): boolean {
  return ch !== undefined && LETTER.test(ch);
}

export function skipSpacesBack(text: string, i: number): number {
  while (i > 0 && text[i - 1] === ' ') i--;
  return i;
}

function skipSpaces(text: string, i: number): number {
  while (text[i] === ' ') i++;
  return i;
}

export function markerBefore(text: string, index: number): Marker | null {
  const i = skipSpacesBack(text, index);
  const head = text.slice(Math.max(0, i - 8), i);
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

/** An ISO code right after `index` (spaces skipped), as a word of its own. */
export function codeAfter(text: string, index: number): Marker | null {
  const i = skipSpaces(text, index);
  const code = /^[A-Z]{3}/.exec(text.slice(i, i + 3))?.[0];
  if (!code || !isTextCode(code) || isLetter(text[i + 3])) return null;
  return { symbol: code, start: i, end: i + 3 };
}

export function markerAfter(text: string, index: number): Marker | null {
  const code = codeAfter(text, index);
  if (code) return code;
  const i = skipSpaces(text, index);
  const tail = text.slice(i, i + 8);
  for (const symbol of SYMBOL_LIST) {
    if (!tail.startsWith(symbol)) continue;
    if (isLetter(symbol[symbol.length - 1]) && isLetter(text[i + symbol.length])) continue;
    return { symbol, start: i, end: i + symbol.length };
  }
  return null;
}

export function currencyOf(marker: Marker | null, hint: CurrencyHint): string | null {
  if (!marker) return isoCode(hint.currency);
  return isoCode(marker.symbol) ?? currencyOfSymbol(marker.symbol, hint);
}

/**
 * The currency a sign and the code written after the amount name together: the code when the
 * sign may mean it (`$` … `AUD`), `conflict` when it may not (`€` … `USD`).
 */
export function signWithCode(sign: Marker, code: Marker): string | 'conflict' {
  if (isoCode(sign.symbol)) return sign.symbol === code.symbol ? code.symbol : 'conflict';
  return symbolMayMean(sign.symbol, code.symbol) ? code.symbol : 'conflict';
}
