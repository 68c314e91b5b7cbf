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
  };
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isMark = (c: string | undefined) => c === '|' || c === ':';
const opensClause = (text: string, at: number) =>
  at === 0 || (text[at - 1] === ' ' && isMark(text[at - 2]));
const closesClause = (text: string, at: number) =>
  at === text.length || (text[at] === ' ' && isMark(text[at + 1]));

function longestAt(text: string, start: number, root: TrieNode): PhraseMatch | null {
  const afterWord = isWordChar(text[start - 1]);
  let best: PhraseMatch | null = null;
  let node: TrieNode | undefined = root;
  let i = start;
  while (node) {
    const hit: Hit | undefined = node.hit;
    if (hit && i > start) {
      const edges = (!hit.boundedStart || !afterWord) && (!hit.boundedEnd || !isWordChar(text[i]));
      const label = !hit.label || (opensClause(text, start) && closesClause(text, i));
      if (edges && label) best = { family: hit.family, start, end: i };
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

/**
 * The end of `match` stretched over phrases that start inside it and end beyond it: in
 * `не в наличии на складе` the negated `в наличии на складе` is part of `не в наличии`, not a
 * second, positive phrase. The first phrase's family stands for the whole.
 */
function absorbOverlaps(text: string, match: PhraseMatch, root: TrieNode): number {
  let end = match.end;
  for (let j = match.start + 1; j < end; j++) {
    if (text[j - 1] !== ' ' && !isUnspaced(text[j])) continue;
    const inner = longestAt(text, j, root);
    if (inner && inner.end > end) end = inner.end;
  }
  return end;
}

/** Every phrase in normalised `text`, left to right, none overlapping. */
export function scanPhrases(text: string, root: TrieNode): PhraseMatch[] {
  const found: PhraseMatch[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i] ?? '';
    const starts = root.next.has(char) || (root.digits !== undefined && isDigit(char));
    const inWord = starts && isWordChar(text[i - 1]) && !isUnspaced(char);
    const match = starts && !inWord ? longestAt(text, i, root) : null;
    if (match) {
      found.push(match);
      i = absorbOverlaps(text, match, root);
    } else i++;
  }
  return found;
}
