import SearchableMap from 'minisearch/SearchableMap';
import { indexTerms } from './text';

/** A term's documents (slots) and how often it occurs in each, weighted by field. */
export interface Posting {
  slots: number[];
  weights: number[];
}

/** Field name → weight of its words (a word in a heavier field counts more, as in BM25F). */
export type FieldWeights = Readonly<Record<string, number>>;

/**
 * An inverted index over documents with a few text fields, updated one document at a time. Its
 * vocabulary is minisearch's radix tree (SearchableMap: exact, prefix and fuzzy term lookups);
 * the postings are plain arrays of document slots, scanned by text-search.ts.
 *
 * A document lives in a slot; removing it only marks the slot dead (its postings are skipped)
 * until dead slots are a quarter of all, when the postings are compacted in one pass. Slots only
 * grow in between, so every posting stays sorted.
 */
export function createTextIndex(fields: FieldWeights) {
  // BM25's length normalisation reads the first field (the name) only: a name with one word more
  // ("Aero 5 Pro" beside "Aero 5") is the longer document, whatever the other fields hold.
  const [lengthField] = Object.keys(fields);
  let vocabulary = new SearchableMap<Posting>();
  let ids: (string | undefined)[] = [];
  let lengths: number[] = [];
  let slotOf = new Map<string, number>();
  let totalLength = 0;
  let dead = 0;

  function add(id: string, text: Readonly<Record<string, string | null>>) {
    if (slotOf.has(id)) remove(id);
    const slot = ids.length;
    const weights = new Map<string, number>();
    let length = 0;
    for (const [field, weight] of Object.entries(fields)) {
      for (const term of indexTerms(text[field] ?? '')) {
        weights.set(term, (weights.get(term) ?? 0) + weight);
        if (field === lengthField) length += 1;
      }
    }
    for (const [term, weight] of weights) {
      let posting = vocabulary.get(term);
      if (!posting) vocabulary.set(term, (posting = { slots: [], weights: [] }));
      posting.slots.push(slot);
      posting.weights.push(weight);
    }
    ids.push(id);
    lengths.push(length);
    slotOf.set(id, slot);
    totalLength += length;
  }

  function remove(id: string) {
    const slot = slotOf.get(id);
    if (slot === undefined) return;
    slotOf.delete(id);
    ids[slot] = undefined;
    totalLength -= lengths[slot]!;
    dead++;
    if (dead > 1000 && dead * 4 > ids.length) compact();
  }

  /** Renumbers the live slots in order and drops the dead ones from every posting. */
  function compact() {
    const renumbered = new Int32Array(ids.length).fill(-1);
    const nextIds: string[] = [];
    const nextLengths: number[] = [];
    ids.forEach((id, slot) => {
      if (id === undefined) return;
      renumbered[slot] = nextIds.length;
      nextIds.push(id);
      nextLengths.push(lengths[slot]!);
    });
    const nextVocabulary = new SearchableMap<Posting>();
    for (const [term, posting] of vocabulary) {
      const kept: Posting = { slots: [], weights: [] };
      posting.slots.forEach((slot, i) => {
        if (renumbered[slot]! < 0) return;
        kept.slots.push(renumbered[slot]!);
        kept.weights.push(posting.weights[i]!);
      });
      if (kept.slots.length > 0) nextVocabulary.set(term, kept);
    }
    vocabulary = nextVocabulary;
    ids = nextIds;
    lengths = nextLengths;
    slotOf = new Map(nextIds.map((id, slot) => [id, slot]));
    dead = 0;
  }

  return {
    add,
    remove,
    has: (id: string) => slotOf.has(id),
    /** Live documents. */
    get size() {
      return slotOf.size;
    },
    /** What text-search.ts reads: valid until the next add or remove. */
    view: () => ({
      vocabulary,
      ids,
      lengths,
      slots: ids.length,
      documents: slotOf.size,
      averageLength: slotOf.size > 0 ? totalLength / slotOf.size : 1,
    }),
  };
}

export type TextIndex = ReturnType<typeof createTextIndex>;
export type TextIndexView = ReturnType<TextIndex['view']>;
