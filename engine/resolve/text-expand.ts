import type SearchableMap from 'minisearch/SearchableMap';
import type { Posting } from './text-index';

/** One index term a query word stands for, and how much a match on it is worth (exact = 1). */
export interface Expansion {
  posting: Posting;
  weight: number;
}

const PREFIX_WEIGHT = 0.7;
const PREFIX_MOST = 64;
/** Weight of a fuzzy match by edit distance (a transposition counts one). */
const FUZZY_WEIGHT = [1, 0.6, 0.35];

/**
 * The index terms a query word matches: itself; for the last word of a query also the words it
 * begins (typing in progress); for a word of letters also those within an edit or two (typos:
 * one from 4 letters, two from 8). Words with digits are model numbers and sizes: `128gb` is
 * never `256gb`, so they match exactly or by prefix only.
 */
export function expand(
  vocabulary: SearchableMap<Posting>,
  term: string,
  options: { prefix: boolean },
): Expansion[] {
  const found = new Map<string, Expansion>();
  const exact = vocabulary.get(term);
  if (exact) found.set(term, { posting: exact, weight: 1 });
  if (options.prefix && term.length >= 2) {
    let taken = 0;
    for (const [key, posting] of vocabulary.atPrefix(term)) {
      if (taken++ >= PREFIX_MOST) break;
      if (!found.has(key)) found.set(key, { posting, weight: PREFIX_WEIGHT });
    }
  }
  const letters = !/\d/.test(term);
  if (letters && term.length >= 4) {
    const most = term.length >= 8 ? 2 : 1;
    for (const [key, [posting]] of vocabulary.fuzzyGet(term, 2)) {
      if (found.has(key)) continue;
      const distance = editDistance(term, key);
      if (distance <= most) found.set(key, { posting, weight: FUZZY_WEIGHT[distance]! });
    }
  }
  return [...found.values()];
}

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and transpositions of
 * neighbours each cost one (Levenshtein counts a transposition as two).
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        d[(i - 1) * cols + j]! + 1,
        d[i * cols + j - 1]! + 1,
        d[(i - 1) * cols + j - 1]! + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1]!;
}
