import { describe, expect, it } from 'vitest';
import { createEngine, createMemoryStore, TABLES } from '../../../engine/index';
import {
  generateCatalog,
  sightingsOf,
  type GeneratedProduct,
} from '../../support/generated-catalog';

/** A deterministic random source (the queries are the same on every run). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

type Kind = 'typo' | 'dropped word' | 'prefix' | 'model number' | 'identifier';

/** One query per kind for a product, by rule. */
function queriesFor(product: GeneratedProduct, next: () => number): [Kind, string][] {
  const words = product.name.split(' ');
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  // A typo in a word of five letters or more: a letter changed, dropped, added, or two swapped.
  const long = words.map((w, i) => [w, i] as const).filter(([w]) => /^[A-Za-z]{5,}$/.test(w));
  const [word, at] = pick(long);
  const p = 1 + Math.floor(next() * (word.length - 2));
  const typos = [
    word.slice(0, p) + 'x' + word.slice(p + 1),
    word.slice(0, p) + word.slice(p + 1),
    word.slice(0, p) + 'e' + word.slice(p),
    word.slice(0, p) + word[p + 1] + word[p] + word.slice(p + 2),
  ];
  const typo = words.map((w, i) => (i === at ? pick(typos) : w)).join(' ');
  // A word dropped: one of the category's (the words that do not tell look-alikes apart).
  const category = product.category.split(' ');
  const dropped = product.name.replace(` ${pick(category)} `, ' ');
  // Typing in progress: the last word cut to its first three characters.
  const prefix = [...words.slice(0, -1), words.at(-1)!.slice(0, 3)].join(' ');
  return [
    ['typo', typo],
    ['dropped word', dropped],
    ['prefix', prefix],
    ['model number', product.mpn],
    ['identifier', product.gtin],
  ];
}

describe('POST /v1/resolve/products relevance over a generated catalog', () => {
  it('puts the intended product first for at least 95 % of the queries, in the top 3 for 99 %', async () => {
    const products = generateCatalog(3600);
    expect(products.length).toBeGreaterThanOrEqual(2000);
    const engine = createEngine({ store: createMemoryStore(TABLES) });
    const { key } = await engine.keys.create('acme');
    await engine.catalog.importProducts(sightingsOf(products));
    const idOf = new Map<string, string>();

    const resolve = async (query: string) => {
      const res = await engine.fetch(
        new Request('http://api.test/v1/resolve/products', {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ query, limit: 3 }),
        }),
      );
      expect(res.status).toBe(200);
      return (
        (await res.json()) as { candidates: { product_id: string; identifiers: { mpn: string } }[] }
      ).candidates;
    };

    const next = random(42);
    const sample = Array.from(
      { length: 40 },
      () => products[Math.floor(next() * products.length)]!,
    );
    const queries = sample.flatMap((product) =>
      queriesFor(product, next).map(([kind, query]) => ({ product, kind, query })),
    );
    expect(queries.length).toBeGreaterThanOrEqual(100);

    let first = 0;
    let top3 = 0;
    const misses: string[] = [];
    for (const { product, kind, query } of queries) {
      const candidates = await resolve(query);
      // The product's id, learnt from the exact MPN match (rank 1 by construction of the MPN).
      if (!idOf.has(product.mpn)) {
        const byMpn = await resolve(product.mpn);
        idOf.set(product.mpn, byMpn.find((c) => c.identifiers.mpn === product.mpn)!.product_id);
      }
      const rank = candidates.findIndex((c) => c.product_id === idOf.get(product.mpn));
      if (rank === 0) first++;
      if (rank >= 0 && rank < 3) top3++;
      if (rank !== 0) misses.push(`${kind}: "${query}" → rank ${rank === -1 ? 'none' : rank + 1}`);
    }
    const share = (n: number) => n / queries.length;
    expect(share(first), misses.join('\n')).toBeGreaterThanOrEqual(0.95);
    expect(share(top3), misses.join('\n')).toBeGreaterThanOrEqual(0.99);
    await engine.close();
  }, 60_000);
});
