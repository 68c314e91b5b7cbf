import { expand, type Expansion } from './text-expand';
import type { TextIndexView } from './text-index';
import { queryTerms } from './text';

/** A document found: how many query words it matched and how well (BM25 over weighted fields). */
export interface TextHit {
  id: string;
  matched: number;
  relevance: number;
}

export interface TextSearchOptions {
  limit: number;
  /** Only documents this accepts are candidates (asked once per document). */
  accept?: (id: string) => boolean;
}

const K1 = 1.2;
const B = 0.7;
/** At most this many query words count (the match bitmap is 32 bits). */
const MOST_TERMS = 32;

/** Scratch arrays reused between searches (the engine is single-threaded), grown on demand. */
let relevance = new Float64Array(0);
let matchedBits = new Uint32Array(0);
let state = new Uint8Array(0); // 0 not seen, 1 candidate, 2 refused by `accept`
let termBest = new Float64Array(0);

function scratchFor(slots: number) {
  if (relevance.length >= slots) return;
  const size = Math.max(slots, relevance.length * 2, 1024);
  relevance = new Float64Array(size);
  matchedBits = new Uint32Array(size);
  state = new Uint8Array(size);
  termBest = new Float64Array(size);
}

const bitCount = (bits: number) => {
  let count = 0;
  for (let v = bits; v !== 0; v &= v - 1) count++;
  return count;
};

/**
 * Ranks the documents that match at least half of the query's words (each exactly, by prefix
 * for the last word, or with a typo): more words matched first, then BM25 relevance, then id.
 *
 * Term at a time, rarest word first. A document not seen by the time too few words remain for it
 * to reach half, or to reach the words already matched by `limit` candidates, cannot rank: from
 * then on the frequent words only add to the candidates (what keeps a query fast when words like
 * `black` or `128gb` match tens of thousands of products).
 */
export function searchText(view: TextIndexView, query: string, options: TextSearchOptions) {
  const terms = queryTerms(query).slice(0, MOST_TERMS);
  if (terms.length === 0 || view.documents === 0) return { terms: terms.length, hits: [] };
  const expanded = terms
    .map((term, i) => ({
      expansions: expand(view.vocabulary, term, { prefix: i === terms.length - 1 }),
      bit: 1 << i,
    }))
    .map((word) => ({
      ...word,
      size: word.expansions.reduce((n, e) => n + e.posting.slots.length, 0),
    }))
    .sort((a, b) => a.size - b.size);
  const least = Math.ceil(terms.length / 2);
  scratchFor(view.slots);
  const candidates: number[] = [];
  let admitting = true;
  expanded.forEach((word, done) => {
    scoreWord(view, word.expansions, word.bit, admitting, candidates, options.accept);
    const remaining = expanded.length - done - 1;
    if (admitting && remaining < least) admitting = false;
    if (admitting && candidates.length >= options.limit)
      admitting = countMatching(candidates, remaining + 1) < options.limit;
  });
  const hits = topHits(view, candidates, least, options.limit);
  for (const slot of candidates) {
    relevance[slot] = 0;
    matchedBits[slot] = 0;
    state[slot] = 0;
  }
  return { terms: terms.length, hits };
}

/** Adds one query word's best match per document (its expansions are alternatives, not a sum). */
function scoreWord(
  view: TextIndexView,
  expansions: Expansion[],
  bit: number,
  admitting: boolean,
  candidates: number[],
  accept: ((id: string) => boolean) | undefined,
) {
  const touched: number[] = [];
  for (const { posting, weight } of expansions) {
    const df = posting.slots.length;
    const idf = Math.log(1 + (view.documents - df + 0.5) / (df + 0.5));
    for (let i = 0; i < df; i++) {
      const slot = posting.slots[i]!;
      if (state[slot] === 0) {
        const id = view.ids[slot];
        if (!admitting || id === undefined) continue;
        state[slot] = accept && !accept(id) ? 2 : 1;
        // Refused ones too, so that their state is cleared after the search.
        candidates.push(slot);
      }
      if (state[slot] !== 1) continue;
      const tf = posting.weights[i]!;
      const norm = 1 - B + (B * view.lengths[slot]!) / view.averageLength;
      const score = (weight * idf * tf * (K1 + 1)) / (tf + K1 * norm);
      if (termBest[slot] === 0) touched.push(slot);
      if (score > termBest[slot]!) termBest[slot] = score;
    }
  }
  for (const slot of touched) {
    relevance[slot] = relevance[slot]! + termBest[slot]!;
    matchedBits[slot] = matchedBits[slot]! | bit;
    termBest[slot] = 0;
  }
}

function countMatching(candidates: number[], atLeast: number): number {
  let count = 0;
  for (const slot of candidates) if (bitCount(matchedBits[slot]!) >= atLeast) count++;
  return count;
}

/** The best `limit` candidates by words matched, relevance, then id (a stable order for ties). */
function topHits(view: TextIndexView, candidates: number[], least: number, limit: number) {
  const top: TextHit[] = [];
  const before = (a: TextHit, b: TextHit) =>
    a.matched !== b.matched
      ? a.matched > b.matched
      : a.relevance !== b.relevance
        ? a.relevance > b.relevance
        : a.id < b.id;
  for (const slot of candidates) {
    const matched = bitCount(matchedBits[slot]!);
    if (matched < least) continue;
    const hit = { id: view.ids[slot]!, matched, relevance: relevance[slot]! };
    if (top.length === limit && !before(hit, top[limit - 1]!)) continue;
    let at = top.length === limit ? limit - 1 : top.length;
    while (at > 0 && before(hit, top[at - 1]!)) at--;
    top.splice(at, 0, hit);
    if (top.length > limit) top.pop();
  }
  return top;
}
