import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import type { Doc, Fetcher, Store, StoreTx } from '../../../engine/index';
import { createMonitor } from '../../../engine/monitor/monitor';
import { apiStore, intentBody, testApi } from '../../support/api';
import { wrapUnits } from '../../support/wrap-units';
import { jsonLd, page, productWithOffers } from '../extract/pages';

/**
 * Documents the create and the monitor's round build many of (watches, claims, intents, events,
 * catalog products) must share V8's hidden classes from one to the next: built as a spread
 * followed by properties it lacks, every one got maps of its own (about 1 µs per property, and
 * old-space garbage; util/with-fields.ts). `%HaveSameMap` tells.
 */
function sameMapTest(): (a: object, b: object) => boolean {
  setFlagsFromString('--allow-natives-syntax');
  return new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Each object in `doc` (itself first) with the path to it and its keys in order. */
function objectsOf(doc: Record<string, unknown>, path = ''): [string, object][] {
  const here: [string, object][] = [[`${path}{${Object.keys(doc).join(',')}}`, doc]];
  for (const [key, value] of Object.entries(doc)) {
    if (isPlainObject(value)) here.push(...objectsOf(value, `${path}.${key}`));
  }
  return here;
}

/** A store that keeps every document handed to it to write, by phase and table. */
function recordingStore(inner: Store) {
  const written = new Map<string, Doc[]>();
  const phase = { name: 'create' };
  const keep = (table: string, doc: Doc) => {
    const key = `${phase.name}:${table}`;
    written.set(key, [...(written.get(key) ?? []), doc]);
  };
  const recording = (tx: StoreTx): StoreTx => ({
    ...tx,
    put: (table, doc) => {
      keep(table, doc);
      return tx.put(table, doc);
    },
    ...(tx.putIfUnchanged && {
      putIfUnchanged: (table, doc, seen, field) => {
        keep(table, doc);
        return tx.putIfUnchanged!(table, doc, seen, field);
      },
    }),
    ...(tx.insertIfAbsent && {
      insertIfAbsent: (table, doc) => {
        keep(table, doc);
        return tx.insertIfAbsent!(table, doc);
      },
    }),
  });
  return { store: wrapUnits(inner, recording), written, phase };
}

// V8 collects an operation's feedback from its ninth run on, and only then does a spread
// followed by new properties make maps of its own: objects after the first twelve are compared.
const WARM_UP = 12;
const PAGES = Array.from({ length: 16 }, (_, i) => `kettle-${i}`).map((name, i) => ({
  url: `https://shop.example.com/products/${name}`,
  html: page(
    `<h1>${name}</h1>`,
    jsonLd({
      ...(productWithOffers(name, [{ sku: `${name}-1`, price: `${80 + i}.00` }]) as object),
      gtin13: `40063813339${String(i).padStart(2, '0')}`,
      mpn: `MPN-${name}`,
    }),
  ),
}));

const fetcher: Fetcher = {
  fetch: async ({ url }) => ({
    status: 200,
    url,
    headers: {},
    body: PAGES.find((p) => p.url === url)!.html,
  }),
};

describe('documents written by the create and the first round', () => {
  it('share their hidden classes, document for document', async () => {
    const haveSameMap = sameMapTest();
    const { store, written, phase } = recordingStore(await apiStore());
    const api = await testApi({ store });
    for (const { url } of PAGES) {
      for (const user of ['user_1', 'user_2']) {
        const body = intentBody({
          external_user_id: user,
          objective: { product: { product_url: url, quantity: 1 } },
          conditions: { availability: 'in_stock', max_price_cents: 5_000, currency: 'USD' },
        });
        expect((await api.call('POST', '/v1/intents', { body })).status).toBe(201);
      }
    }
    const monitor = createMonitor(api.engine.ctx, {
      fetcherFor: () => fetcher,
      intervalMs: 60_000,
      jitter: 0,
    });
    phase.name = 'round';
    expect((await monitor.round()).transitions).toBe(2 * PAGES.length);

    // Objects at one place in documents of one table, with the same keys in the same order,
    // were built the same way: once V8 has its feedback (the first runs may use other maps, and
    // a map may be widened once or twice), they must share one map.
    const alike = new Map<string, object[]>();
    for (const [table, docs] of written) {
      for (const doc of docs) {
        for (const [place, object] of objectsOf(doc)) {
          const key = `${table} ${place}`;
          alike.set(key, [...(alike.get(key) ?? []), object]);
        }
      }
    }
    // The key and its partner are written once each by two sites (made, then used): left out.
    const compared = [...alike]
      .filter(([key]) => !/^\w+:(api_keys|partners) /.test(key))
      .map(([key, objects]) => [key, objects.slice(WARM_UP)] as const)
      .filter(([, warm]) => warm.length > 1);
    const tables = new Set(compared.map(([key]) => key.split(' ')[0]));
    const created = ['create:watches', 'create:intents', 'create:events'];
    for (const table of [...created, 'round:watches', 'round:intents', 'round:products']) {
      expect(tables).toContain(table);
    }
    const apart = compared
      .filter(([, [first, ...rest]]) => rest.some((other) => !haveSameMap(first!, other)))
      .map(([key]) => key);
    expect(apart).toEqual([]);
    await api.engine.close();
  });
});
