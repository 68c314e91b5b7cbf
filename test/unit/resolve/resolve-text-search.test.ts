import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistance } from '../../../engine/resolve/text-expand';
import { createTextIndex } from '../../../engine/resolve/text-index';
import { searchText } from '../../../engine/resolve/text-search';

const NAMES: Record<string, string> = {
  a: 'Norvik Aero 5 Wireless Headphones Black',
  b: 'Norvik Aero 5 Pro Wireless Headphones Black',
  c: 'Norvik Aero 5 Wireless Headphones White',
  d: 'Sony WH-1000XM5 Wireless Headphones',
  e: 'Kaldor Espresso Machine Brushed Steel',
  f: 'Crème Brûlée Torch',
};

function index(names: Record<string, string> = NAMES) {
  const text = createTextIndex({ name: 1 });
  for (const [id, name] of Object.entries(names)) text.add(id, { name });
  return text;
}

const ids = (query: string, limit = 10, names?: Record<string, string>) =>
  searchText(index(names).view(), query, { limit }).hits.map((hit) => hit.id);

describe('searchText', () => {
  it('ranks the product matching every word first, the shorter name before look-alikes', () => {
    expect(ids('norvik aero 5 black')).toEqual(['a', 'b', 'c']);
  });

  it('tolerates a typo in a word (an edit, or two neighbours swapped)', () => {
    expect(ids('norvik aero 5 whiet')[0]).toBe('c');
    expect(ids('kaldor espreso')[0]).toBe('e');
    expect(ids('kadlor espresso')[0]).toBe('e');
  });

  it('never reads a size or model number fuzzily', () => {
    expect(ids('wh-1000xm4')).toEqual([]);
  });

  it('reads the last word as a prefix while it is typed', () => {
    expect(ids('kaldor espr')).toEqual(['e']);
    expect(ids('norvik aero 5 wh')[0]).toBe('c');
  });

  it('finds a punctuated model number with or without its punctuation', () => {
    expect(ids('WH-1000XM5')).toEqual(['d']);
    expect(ids('wh1000xm5')).toEqual(['d']);
    expect(ids('sony wh 1000xm5')).toEqual(['d']);
  });

  it('ignores case and accents', () => {
    expect(ids('creme brulee')).toEqual(['f']);
    expect(ids('CRÈME')).toEqual(['f']);
  });

  it('needs most of the words: one common word of five is no match, two of three are', () => {
    expect(ids('black widget gizmo thingamajig doohickey')).toEqual([]);
    expect(ids('norvik aero gizmo')).toEqual(['a', 'c', 'b']);
  });

  it('orders ties by id, and keeps to the limit', () => {
    const same = { z: 'Blue Mug', y: 'Blue Mug', x: 'Blue Mug' };
    expect(ids('blue mug', 2, same)).toEqual(['x', 'y']);
  });

  it('counts matched words before relevance', () => {
    const hits = searchText(index().view(), 'norvik aero 5 pro', { limit: 3 }).hits;
    expect(hits[0]).toMatchObject({ id: 'b', matched: 4 });
    expect(hits[1]!.matched).toBe(3);
  });

  it('returns only documents `accept` lets through', () => {
    const hits = searchText(index().view(), 'norvik aero', {
      limit: 10,
      accept: (id) => id !== 'a',
    }).hits;
    expect(hits.map((hit) => hit.id).sort()).toEqual(['b', 'c']);
  });

  it('follows updates and removals, also across a compaction of its postings', () => {
    const text = createTextIndex({ name: 1 });
    for (let i = 0; i < 3000; i++) text.add(`p${i}`, { name: `Widget ${i}` });
    for (let i = 0; i < 1500; i++) text.add(`p${i}`, { name: `Gadget ${i}` });
    expect(text.size).toBe(3000);
    const find = (query: string) => searchText(text.view(), query, { limit: 5 }).hits;
    // p7 is a gadget now: no document has both words of its old name any more.
    expect(find('widget 7').filter((hit) => hit.matched === 2)).toEqual([]);
    expect(find('gadget 7')[0]).toMatchObject({ id: 'p7', matched: 2 });
    expect(find('widget 2999')[0]).toMatchObject({ id: 'p2999', matched: 2 });
    text.remove('p2999');
    expect(find('widget 2999').map((hit) => hit.id)).not.toContain('p2999');
  });
});

describe('searchText pruning', () => {
  const WORDS = ['black', 'blue', 'aero', 'nova', 'pro', '128gb', '256gb', 'kettle', 'lamp', 'x1'];
  const doc = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 });

  it('returns the same top hits as a search that keeps every candidate', () => {
    fc.assert(
      fc.property(
        fc.array(doc, { minLength: 1, maxLength: 60 }),
        fc.array(fc.constantFrom(...WORDS, 'blak', 'nvoa'), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 8 }),
        (docs, query, limit) => {
          const text = createTextIndex({ name: 1 });
          docs.forEach((words, i) =>
            text.add(`d${String(i).padStart(3, '0')}`, { name: words.join(' ') }),
          );
          const q = query.join(' ');
          const all = searchText(text.view(), q, { limit: docs.length }).hits;
          expect(searchText(text.view(), q, { limit }).hits).toEqual(all.slice(0, limit));
        },
      ),
      { numRuns: 300, seed: 13 },
    );
  });
});

describe('editDistance', () => {
  it('counts a transposition of neighbours as one edit', () => {
    expect(editDistance('espresso', 'espreso')).toBe(1);
    expect(editDistance('kaldor', 'kadlor')).toBe(1);
    expect(editDistance('black', 'blakc')).toBe(1);
    expect(editDistance('black', 'white')).toBe(5);
  });
});
