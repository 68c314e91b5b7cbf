/**
 * Negation scope for a stock phrase in normalised text: a negation word just before it (fillers
 * such as `currently` may stand between), a negation written after it (`在庫あり` + `ません`), a
 * zero count before it (`0 in stock`) or inside it (`only 0 left`), or an answer that is only a
 * negation or a zero (`In stock: no`, `Stock: 0`, `재고 | 없음`, a table cell reading `No`). Scope never crosses a `|` clause mark
 * before the phrase; after it, the one answer may follow a `:` or a cell boundary.
 */
import { UNSPACED } from './stock-normalize';
import type { PhraseMatch } from './stock-trie';

export interface NegationWords {
  /** Spaced-script words before the phrase: `not`, `nicht`, `не`. */
  before: Set<string>;
  /** Unspaced ones, matched as the text's ending: `没有`, `ไม่`. */
  beforeUnspaced: string[];
  /** After the phrase, as its own word (`değil`) or as the text's beginning (`ません`). */
  after: Set<string>;
  afterUnspaced: string[];
  fillers: Set<string>;
}

// prettier-ignore
const UNITS = new Set(['pcs', 'pc', 'items', 'item', 'units', 'unit', 'x', 'stk', 'stuck', 'st', 'szt',
  'ks', 'db', 'kpl', 'adet', 'pz', 'uds', 'unidades', 'unites', 'шт', 'штук', '件', '個', '개', 'ชิ้น']);

const MAX_WORDS_BEFORE = 6;

const isZero = (word: string | undefined) => word !== undefined && /^0+$/.test(word);

function negatedBefore(text: string, match: PhraseMatch, words: NegationWords): boolean {
  const before = text.slice(Math.max(0, match.start - 60), match.start).trimEnd();
  if (words.beforeUnspaced.some((n) => before.endsWith(n))) return true;
  const tokens = before.split(' ').reverse().slice(0, MAX_WORDS_BEFORE);
  for (const token of tokens) {
    if (words.before.has(token) || token.endsWith("n't") || isZero(token)) return true;
    if (!words.fillers.has(token) && !UNITS.has(token)) return false;
  }
  return false;
}

const isMark = (token: string | undefined) => token === ':' || token === '|';

/** The clause right after the phrase, past a `:` or block boundaries: `no`, `0`, `0 pcs`. */
function answerAfter(after: string, words: NegationWords): boolean {
  const tokens = after.split(' ').filter(Boolean);
  const separated = isMark(tokens[0]);
  while (isMark(tokens[0])) tokens.shift();
  const end = tokens.findIndex(isMark);
  const answer = end < 0 ? tokens : tokens.slice(0, end);
  const [first, second] = answer;
  const negation = (w: string) =>
    words.before.has(w) ||
    words.beforeUnspaced.includes(w) ||
    words.after.has(w) ||
    words.afterUnspaced.includes(w);
  // `Förboka nu` is Swedish for "pre-order now": a bare word after is an answer only past a mark.
  if (separated && answer.length === 1 && first && negation(first)) return true;
  return isZero(first) && (answer.length === 1 || (answer.length === 2 && UNITS.has(second ?? '')));
}

function negatedAfter(text: string, match: PhraseMatch, words: NegationWords): boolean {
  const after = text.slice(match.end, match.end + 60);
  const lead = after.trimStart();
  if (words.afterUnspaced.some((n) => lead.startsWith(n))) return true;
  const [first] = lead.split(' ');
  if (first && words.after.has(first)) return true;
  return answerAfter(after, words);
}

/** A count of zero inside the phrase itself: `Còn 0 sản phẩm`, `only 0 left`. */
const countsZero = (text: string, match: PhraseMatch) =>
  !!match.counts && (text.slice(match.start, match.end).match(/\d+/g) ?? []).some(isZero);

export function isNegated(text: string, match: PhraseMatch, words: NegationWords): boolean {
  return (
    countsZero(text, match) || negatedBefore(text, match, words) || negatedAfter(text, match, words)
  );
}

/** Sorts negation words into the spaced and unspaced sets the checks use. */
export function negationWords(before: string[], after: string[], fillers: string[]): NegationWords {
  const unspaced = (w: string) => UNSPACED.test(w);
  return {
    before: new Set(before.filter((w) => !unspaced(w))),
    beforeUnspaced: before.filter(unspaced),
    after: new Set(after.filter((w) => !unspaced(w))),
    afterUnspaced: after.filter(unspaced),
    fillers: new Set(fillers),
  };
}
