import type { TextHit } from './text-search';

/** The score of an exact identifier match: nothing a text match says ranks above it. */
export const IDENTIFIER_SCORE = 1;

/**
 * A text hit's score in [0, 0.99]: 0.99 × (words matched − 1 + relevance ÷ `best`) ÷ words in the
 * query, where `best` is the highest relevance among the hits. It orders hits as the search does
 * (more words matched first, then relevance): a hit matching one word fewer scores below every
 * hit matching more, whatever its relevance.
 */
export function textScore(hit: TextHit, terms: number, best: number): number {
  const share = best > 0 ? Math.min(1, hit.relevance / best) : 1;
  return (0.99 * (hit.matched - 1 + share)) / terms;
}
