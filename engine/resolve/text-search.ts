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
/** At most this many query words count. */
const MOST_TERMS = 32;

const UNSEEN = 0;
const CANDIDATE = 1;
/** Refused by `accept`, or dropped because it can no longer rank. */
const OUT = 2;

/** Scratch arrays reused between searches (the engine is single-threaded), grown on demand. */
let relevance = new Float64Array(0);
let matchedCount = new Uint8Array(0);
let state = new Uint8Array(0);
let termBest = new Float64Array(0);

function scratchFor(slots: number) {
  if (relevance.length >= slots) return;
  const size = Math.max(slots, relevance.length * 2, 1024);
  relevance = new Float64Array(size);
  matchedCount = new Uint8Array(size);
  state = new Uint8Array(size);
  termBest = new Float64Array(size);
}

interface Word {
  expansions: Expansion[];
  /** Postings to read: the sum of its expansions'. */
  size: number;
}

/**
 * Ranks the documents that match most of the query's words (each exactly, by prefix for the last
 * word, or with a typo; a third may be missing): more words matched first, then BM25 relevance,
 * then id.
 *
 * Term at a time, rarest word first, three ways to stay fast when words like `black` or `128gb`
 * match tens of thousands of products: a document first seen when too few words remain for it
 * to match that many is not a candidate; a candidate that cannot reach the words already matched
 * by `limit` others is dropped; and once few candidates are left, the frequent words' postings
 * are searched for them (binary search) instead of read through.
 */
export function searchText(view: TextIndexView, query: string, options: TextSearchOptions) {
  const terms = queryTerms(query).slice(0, MOST_TERMS);
  if (terms.length === 0 || view.documents === 0) return { terms: terms.length, hits: [] };
  const words: Word[] = terms
    .map((term, i) => {
      const expansions = expand(view.vocabulary, term, { prefix: i === terms.length - 1 });
      const size = expansions.reduce((n, e) => n + e.posting.slots.length, 0);
      return { expansions, size };
    })
    .sort((a, b) => a.size - b.size);
  // Every word but a third at most (1 of 2, 2 of 3, 3 of 4, 4 of 6, 6 of 9).
  const least = terms.length <= 2 ? 1 : terms.length - Math.floor(terms.length / 3);
  scratchFor(view.slots);
  const seen: number[] = [];
  let live: number[] | null = null;
  words.forEach((word, done) => {
    const remaining = words.length - done;
    // A document first seen now matches `remaining` words at most: too few, or fewer than
    // `limit` candidates have matched already, and it cannot rank.
    const bar = barOf(live ?? seen, options.limit);
    if (live === null && (remaining < least || remaining < bar)) live = seen;
    if (live !== null) live = survivors(live, remaining, bar);
    const admitting = live === null;
    const scoring = { view, seen, accept: options.accept };
    if (admitting) scoreScanning(word.expansions, { ...scoring, admitting: true });
    else if (live!.length * Math.log2(word.size + 2) < word.size)
      scoreSearching(word.expansions, live!, scoring);
    else scoreScanning(word.expansions, { ...scoring, admitting: false });
  });
  const hits = topHits(view, live ?? seen, least, options.limit);
  for (const slot of seen) {
    relevance[slot] = 0;
    matchedCount[slot] = 0;
    state[slot] = UNSEEN;
  }
  return { terms: terms.length, hits };
}

/** The most words that `limit` candidates have all matched already (0 while fewer are in). */
function barOf(candidates: number[], limit: number): number {
  const histogram = new Array<number>(MOST_TERMS + 1).fill(0);
  for (const slot of candidates) {
    if (state[slot] !== CANDIDATE) continue;
    const matched = matchedCount[slot]!;
    histogram[matched] = histogram[matched]! + 1;
  }
  for (let m = MOST_TERMS, atLeast = 0; m > 0; m--) {
    atLeast += histogram[m]!;
    if (atLeast >= limit) return m;
  }
  return 0;
}

/** The candidates that can still match `bar` words with `remaining` to go; the others are out. */
function survivors(candidates: number[], remaining: number, bar: number): number[] {
  const kept: number[] = [];
  for (const slot of candidates) {
    if (state[slot] !== CANDIDATE) continue;
    if (matchedCount[slot]! + remaining >= bar) kept.push(slot);
    else state[slot] = OUT;
  }
  return kept;
}

interface Scoring {
  view: TextIndexView;
  seen: number[];
  accept: ((id: string) => boolean) | undefined;
}

/** BM25's weight of a match of `weight` (exact, prefix, fuzzy) with frequency `tf` in `slot`. */
function bm25(view: TextIndexView, slot: number, tf: number, idfWeight: number): number {
  const norm = 1 - B + (B * view.lengths[slot]!) / view.averageLength;
  return (idfWeight * tf * (K1 + 1)) / (tf + K1 * norm);
}

const idfWeight = (view: TextIndexView, e: Expansion) => {
  const df = e.posting.slots.length;
  return e.weight * Math.log(1 + (view.documents - df + 0.5) / (df + 0.5));
};

/** Keeps a word's best match per document (its expansions are alternatives, not a sum). */
function note(slot: number, score: number, touched: number[]) {
  if (termBest[slot] === 0) touched.push(slot);
  if (score > termBest[slot]!) termBest[slot] = score;
}

function settle(touched: number[]) {
  for (const slot of touched) {
    relevance[slot] = relevance[slot]! + termBest[slot]!;
    matchedCount[slot] = matchedCount[slot]! + 1;
    termBest[slot] = 0;
  }
}

/** Reads the word's postings through; while admitting, a document first seen becomes a candidate. */
function scoreScanning(expansions: Expansion[], s: Scoring & { admitting: boolean }) {
  const touched: number[] = [];
  for (const expansion of expansions) {
    const { slots, weights } = expansion.posting;
    const weight = idfWeight(s.view, expansion);
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      if (state[slot] === UNSEEN) {
        const id = s.view.ids[slot];
        if (!s.admitting || id === undefined) continue;
        state[slot] = s.accept && !s.accept(id) ? OUT : CANDIDATE;
        s.seen.push(slot);
      }
      if (state[slot] === CANDIDATE) note(slot, bm25(s.view, slot, weights[i]!, weight), touched);
    }
  }
  settle(touched);
}

/** Looks the live candidates up in the word's (sorted) postings. */
function scoreSearching(expansions: Expansion[], live: number[], s: Scoring) {
  const touched: number[] = [];
  for (const expansion of expansions) {
    const { slots, weights } = expansion.posting;
    const weight = idfWeight(s.view, expansion);
    for (const slot of live) {
      const at = lowerBound(slots, slot);
      if (slots[at] === slot) note(slot, bm25(s.view, slot, weights[at]!, weight), touched);
    }
  }
  settle(touched);
}

function lowerBound(sorted: number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
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
    if (state[slot] !== CANDIDATE) continue;
    const matched = matchedCount[slot]!;
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
