/**
 * The compiled lexicon: a character trie scanned leftmost-longest, so `not in stock` wins over
 * `in stock` and `已售罄` over `已售`. `#` in a phrase matches a run of digits. On spaced scripts
 * a phrase matches whole words only; on unspaced ones (Han, kana, Hangul, Thai) anywhere.
 */
import { isUnspaced, isWordChar } from './stock-normalize';
import type { StockFamily } from './stock-lexicon/types';

interface Hit {
  family: StockFamily;
  /** Only as a whole label between clause marks. */
  label: boolean;
  boundedStart: boolean;
  boundedEnd: boolean;
  /** The phrase holds a number (`only # left`). */
  counts: boolean;
}

export interface TrieNode {
  next: Map<string, TrieNode>;
  digits?: TrieNode;
  hit?: Hit;
}

export interface PhraseMatch {
  family: StockFamily;
  start: number;
  end: number;
  /** Its phrase holds a number (`only # left`): a zero there negates it. */
  counts?: boolean;
}

export const emptyTrie = (): TrieNode => ({ next: new Map() });

/** Adds a normalised phrase; a phrase already there keeps its first family. */
export function insertPhrase(root: TrieNode, phrase: string, family: StockFamily): void {
  const label = phrase.startsWith('^');
  const text = label ? phrase.slice(1) : phrase;
  let node = root;
  for (const char of text) {
    if (char === '#') node = node.digits ??= emptyTrie();
    else {
      let child = node.next.get(char);
      if (!child) node.next.set(char, (child = emptyTrie()));
      node = child;
    }
  }
  node.hit ??= {
    family,
    label,
    boundedStart: !isUnspaced(text[0]),
    boundedEnd: !isUnspaced(text.at(-1)),
    counts: text.includes('#'),
  };
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
/** `b` continues the word `a` ends: letters after letters, digits after digits (`$19.00Out of stock`
 * is two words: inline elements run together in page text). */
const continuesWord = (a: string | undefined, b: string | undefined) =>
  isWordChar(a) && isWordChar(b) && isDigit(a) === isDigit(b);
const isMark = (c: string | undefined) => c === '|' || c === ':';
const opensClause = (text: string, at: number) =>
  at === 0 || (text[at - 1] === ' ' && isMark(text[at - 2]));
const closesClause = (text: string, at: number) =>
  at === text.length || (text[at] === ' ' && isMark(text[at + 1]));

function longestAt(text: string, start: number, root: TrieNode): PhraseMatch | null {
  const afterWord = continuesWord(text[start - 1], text[start]);
  let best: PhraseMatch | null = null;
  let node: TrieNode | undefined = root;
  let i = start;
  while (node) {
    const hit: Hit | undefined = node.hit;
    if (hit && i > start) {
      const edges =
        (!hit.boundedStart || !afterWord) &&
        (!hit.boundedEnd || !continuesWord(text[i - 1], text[i]));
      const label = !hit.label || (opensClause(text, start) && closesClause(text, i));
      if (edges && label) best = { family: hit.family, start, end: i, counts: hit.counts };
    }
    const char = text[i];
    if (char === undefined) break;
    const literal: TrieNode | undefined = node.next.get(char);
    if (literal) {
      node = literal;
      i++;
    } else if (node.digits && isDigit(char)) {
      while (isDigit(text[i])) i++;
      node = node.digits;
    } else break;
  }
  return best;
}

/** Families that only keep words from being misread; an overlapping real phrase wins over them. */
const WEAK = new Set<StockFamily>(['neutral', 'count']);

/**
 * Where scanning goes on after `match`. A phrase starting inside it and running past it is part
 * of it: in `не в наличии на складе` the negated `в наличии на складе` belongs to `не в наличии`.
 * Except that a weak phrase yields: in `24 00 sold out`, `# sold` gives way to `sold out`.
 */
function afterMatch(
  text: string,
  match: PhraseMatch,
  root: TrieNode,
): { next: number; keep: boolean } {
  let end = match.end;
  for (let j = match.start + 1; j < end; j++) {
    if (text[j - 1] !== ' ' && !isUnspaced(text[j])) continue;
    const inner = longestAt(text, j, root);
    if (!inner || inner.end <= end) continue;
    if (WEAK.has(match.family) && !WEAK.has(inner.family)) return { next: j, keep: false };
    end = inner.end;
  }
  return { next: end, keep: true };
}

/** Every phrase in normalised `text`, left to right, none overlapping. */
export function scanPhrases(text: string, root: TrieNode): PhraseMatch[] {
  const found: PhraseMatch[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i] ?? '';
    const starts = root.next.has(char) || (root.digits !== undefined && isDigit(char));
    const inWord = starts && continuesWord(text[i - 1], char) && !isUnspaced(char);
    const match = starts && !inWord ? longestAt(text, i, root) : null;
    if (!match) {
      i++;
      continue;
    }
    const { next, keep } = afterMatch(text, match, root);
    if (keep) found.push(match);
    i = next;
  }
  return found;
}
