import { describe, expect, it } from 'vitest';
import { createEngine, createMemoryStore, TABLES } from '../../../engine/index';
import { generateCatalog, queriesFor, random, sightingsOf } from '../../support/generated-catalog';

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
