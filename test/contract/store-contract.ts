import { describe, expect, it, beforeEach, afterEach } from 'vitest';
import type { Doc, Store, TableDef } from '../../engine/index';
import { insertIfAbsent } from '../../engine/store/insert-if-absent';

/** A small schema exercising every query shape the engine uses. */
export const CONTRACT_SCHEMA = {
  items: {
    key: 'id',
    indexes: {
      by_owner: ['owner', 'id'],
      by_owner_kind: ['owner', 'kind', 'id'],
      by_due: ['due'],
    },
  },
  other: { key: 'id', indexes: { by_owner: ['owner', 'id'] } },
} satisfies Record<string, TableDef>;

const item = (id: string, owner: string, extra: Doc = {}) => ({ id, owner, kind: 'a', ...extra });

/**
 * The behaviour every Store adapter must have. Runs against memory, Dexie (fake-indexeddb) and
 * SQLite; a PostgreSQL adapter will run it too.
 */
export function runStoreContract(
  name: string,
  create: () => Promise<Store>,
  features: { reread?: boolean; putIfUnchanged?: boolean } = {},
) {
  describe(`Store contract: ${name}`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await create();
    });
    afterEach(async () => {
      await store.close();
    });

    it('reads back what a transaction wrote; changing the result never changes the store', async () => {
      await store.transact((tx) => tx.put('items', item('i1', 'o1', { nested: { n: 1 } })));
      const doc = await store.get<Doc>('items', 'i1');
      expect(doc).toEqual({ id: 'i1', owner: 'o1', kind: 'a', nested: { n: 1 } });
      try {
        (doc!.nested as { n: number }).n = 99; // adapters may hand out frozen snapshots
      } catch (error) {
        expect(error).toBeInstanceOf(TypeError);
      }
      expect(await store.get('items', 'i1')).toMatchObject({ nested: { n: 1 } });
    });

    it('sees a write made after a read (no stale cached copy)', async () => {
      await store.transact((tx) => tx.put('items', item('i1', 'o1', { v: 1 })));
      expect(await store.get('items', 'i1')).toMatchObject({ v: 1 });
      await store.transact((tx) => tx.put('items', item('i1', 'o1', { v: 2 })));
      expect(await store.get('items', 'i1')).toMatchObject({ v: 2 });
      await store.transact((tx) => tx.delete('items', 'i1'));
      expect(await store.get('items', 'i1')).toBeUndefined();
    });

    it('does not cache the writes of a failed unit', async () => {
      await store.transact((tx) => tx.put('items', item('i1', 'o1', { v: 1 })));
      await expect(
        store.transact(async (tx) => {
          await tx.put('items', item('i1', 'o1', { v: 2 }));
          throw new Error('rolled back');
        }),
      ).rejects.toThrow();
      expect(await store.get('items', 'i1')).toMatchObject({ v: 1 });
    });

    it('keeps any JSON string, U+0000 and private-use characters included, in documents, keys and indexes', async () => {
      const odd = 'a\u0000b\uE000c\\u0000d\uE000\uE0000';
      const doc = { id: `k${odd}`, owner: odd, kind: 'a', name: odd, nested: { [odd]: [odd] } };
      await store.transact((tx) => tx.put('items', doc));
      expect(await store.get('items', doc.id)).toEqual(doc);
      expect(await store.query('items', { index: 'by_owner', prefix: [odd] })).toEqual([doc]);
      expect(await store.query('items', { index: 'by_owner_kind', prefix: [odd, 'a'] })).toEqual([
        doc,
      ]);
      await store.transact((tx) => tx.delete('items', doc.id));
      expect(await store.get('items', doc.id)).toBeUndefined();
    });

    it('answers undefined for a missing key', async () => {
      expect(await store.get('items', 'nope')).toBeUndefined();
    });

    it('replaces a document put twice under one key', async () => {
      await store.transact((tx) => tx.put('items', item('i1', 'o1', { v: 1 })));
      await store.transact((tx) => tx.put('items', item('i1', 'o1', { v: 2 })));
      expect(await store.get('items', 'i1')).toMatchObject({ v: 2 });
      expect(await store.query('items', { index: 'by_owner', prefix: ['o1'] })).toHaveLength(1);
    });

    it('deletes', async () => {
      await store.transact((tx) => tx.put('items', item('i1', 'o1')));
      await store.transact((tx) => tx.delete('items', 'i1'));
      expect(await store.get('items', 'i1')).toBeUndefined();
      expect(await store.query('items', { index: 'by_owner', prefix: ['o1'] })).toEqual([]);
    });

    it('commits all writes of a unit or none of them', async () => {
      await expect(
        store.transact(async (tx) => {
          await tx.put('items', item('i1', 'o1'));
          await tx.put('other', item('x1', 'o1'));
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await store.get('items', 'i1')).toBeUndefined();
      expect(await store.get('other', 'x1')).toBeUndefined();
    });

    it('lets a unit read its own writes, including in queries', async () => {
      const seen = await store.transact(async (tx) => {
        await tx.put('items', item('i1', 'o1'));
        await tx.put('items', item('i2', 'o1'));
        await tx.delete('items', 'i1');
        return {
          got: await tx.get('items', 'i2'),
          listed: (await tx.query<Doc>('items', { index: 'by_owner', prefix: ['o1'] })).map(
            (d) => d.id,
          ),
        };
      });
      expect(seen.got).toMatchObject({ id: 'i2' });
      expect(seen.listed).toEqual(['i2']);
    });

    it('isolates a failing unit from units committed around it', async () => {
      const results = await Promise.allSettled([
        store.transact((tx) => tx.put('items', item('a', 'o1'))),
        store.transact(async (tx) => {
          await tx.put('items', item('b', 'o1'));
          throw new Error('no');
        }),
        store.transact((tx) => tx.put('items', item('c', 'o1'))),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      const ids = (await store.query<Doc>('items', { index: 'by_owner', prefix: ['o1'] })).map(
        (d) => d.id,
      );
      expect(ids).toEqual(['a', 'c']);
    });

    it('moves a changed document in the indexes whose fields changed, and only there', async () => {
      await store.transact((tx) => tx.put('items', item('x', 'o1', { due: 5 })));
      await store.transact(async (tx) => {
        const doc = (await tx.get<Doc>('items', 'x'))!;
        await tx.put('items', { ...doc, kind: 'b', note: 'changed' });
      });
      await store.transact(async (tx) => {
        const { due: _, ...doc } = (await tx.get<Doc>('items', 'x'))!;
        await tx.put('items', doc);
      });
      const ids = async (index: string, prefix: string[]) =>
        (await store.query<Doc>('items', { index, prefix })).map((d) => d.id);
      expect(await ids('by_owner_kind', ['o1', 'a'])).toEqual([]);
      expect(await ids('by_owner_kind', ['o1', 'b'])).toEqual(['x']);
      expect(await ids('by_owner', ['o1'])).toEqual(['x']);
      expect(await ids('by_due', [])).toEqual([]);
      expect(await store.get('items', 'x')).toMatchObject({ kind: 'b', note: 'changed' });
    });

    it('indexes a document right after a failed unit changed it and was rolled back', async () => {
      await store.transact((tx) => tx.put('items', item('x', 'o1')));
      const results = await Promise.allSettled([
        store.transact(async (tx) => {
          const doc = (await tx.get<Doc>('items', 'x'))!;
          await tx.put('items', { ...doc, kind: 'b' });
          throw new Error('no');
        }),
        store.transact((tx) => tx.put('items', item('x', 'o1', { kind: 'b' }))),
      ]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
      const kinds = await store.query<Doc>('items', {
        index: 'by_owner_kind',
        prefix: ['o1', 'b'],
      });
      expect(kinds.map((d) => d.id)).toEqual(['x']);
    });

    it('never shows a unit a row as an earlier unit saw it before deleting it', async () => {
      await store.transact((tx) => tx.put('items', item('x', 'o1', { v: 1 })));
      // Started together (one batch where the adapter groups commits). Whatever their order, the
      // row ends deleted: the last unit only rewrites it if it still sees it.
      await Promise.all([
        store.transact((tx) => tx.get('items', 'x')),
        store.transact((tx) => tx.delete('items', 'x')),
        store.transact(async (tx) => {
          const doc = await tx.get<Doc>('items', 'x');
          if (doc) await tx.put('items', { ...doc, v: (doc.v as number) + 1 });
        }),
      ]);
      expect(await store.get('items', 'x')).toBeUndefined();
    });

    it('shows no unit what a failed unit wrote, even one it read back', async () => {
      await store.transact((tx) => tx.put('items', item('x', 'o1', { v: 1 })));
      const results = await Promise.allSettled([
        store.transact((tx) => tx.get<Doc>('items', 'x')),
        store.transact(async (tx) => {
          await tx.put('items', item('x', 'o1', { v: 2 }));
          await tx.get('items', 'x');
          throw new Error('no');
        }),
        store.transact((tx) => tx.get<Doc>('items', 'x')),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      const seen = results.map((r) => (r.status === 'fulfilled' ? (r.value as Doc)?.v : null));
      expect(seen).toEqual([1, null, 1]);
      expect(await store.get('items', 'x')).toMatchObject({ v: 1 });
    });

    // Only where the adapter has it (tx.reread is optional; callers fall back to get).
    if (features.reread)
      describe('reread', () => {
        const reread = (tx: Parameters<Parameters<Store['transact']>[0]>[0], seen: Doc) =>
          tx.reread!('items', seen.id as string, seen, 'v');

        it('gives the copy seen back while its version is current, else the row as it is now', async () => {
          await store.transact((tx) => tx.put('items', item('x', 'o1', { v: 1, n: 'old' })));
          const seen = (await store.get<Doc>('items', 'x'))!;
          expect(await store.transact((tx) => reread(tx, seen))).toBe(seen);
          await store.transact((tx) => tx.put('items', item('x', 'o1', { v: 2, n: 'new' })));
          const now = await store.transact((tx) => reread(tx, seen));
          expect(now).not.toBe(seen);
          expect(now).toMatchObject({ v: 2, n: 'new' });
          // A version missing from the row, or of another type, is not the one seen.
          await store.transact((tx) => tx.put('items', item('x', 'o1', { n: 'unversioned' })));
          expect(await store.transact((tx) => reread(tx, seen))).toMatchObject({
            n: 'unversioned',
          });
          await store.transact((tx) => tx.put('items', item('x', 'o1', { v: '1', n: 'text' })));
          expect(await store.transact((tx) => reread(tx, seen))).toMatchObject({ n: 'text' });
          await store.transact((tx) => tx.delete('items', 'x'));
          expect(await store.transact((tx) => reread(tx, seen))).toBeUndefined();
        });

        it("sees the unit's own write, and a put after it moves the indexes that changed", async () => {
          await store.transact((tx) => tx.put('items', item('x', 'o1', { v: 1, due: 5 })));
          const seen = (await store.get<Doc>('items', 'x'))!;
          await store.transact(async (tx) => {
            await tx.put('items', { ...seen, v: 2, kind: 'b' });
            expect(await reread(tx, seen)).toMatchObject({ v: 2, kind: 'b' });
          });
          await store.transact(async (tx) => {
            const current = await reread(tx, (await store.get<Doc>('items', 'x'))!);
            const { due: _, ...rest } = current!;
            await tx.put('items', { ...rest, v: 3, kind: 'c' });
          });
          const ids = async (index: string, prefix: string[]) =>
            (await store.query<Doc>('items', { index, prefix })).map((d) => d.id);
          expect(await ids('by_owner_kind', ['o1', 'b'])).toEqual([]);
          expect(await ids('by_owner_kind', ['o1', 'c'])).toEqual(['x']);
          expect(await ids('by_due', [])).toEqual([]);
        });
      });

    // Only where the adapter has it (tx.putIfUnchanged is optional; callers reread and put).
    if (features.putIfUnchanged)
      describe('putIfUnchanged', () => {
        type Tx = Parameters<Parameters<Store['transact']>[0]>[0];
        const putIfUnchanged = (tx: Tx, doc: Doc, seen: Doc) =>
          tx.putIfUnchanged!('items', doc, seen, 'v');
        const ids = async (index: string, prefix: string[]) =>
          (await store.query<Doc>('items', { index, prefix })).map((d) => d.id);

        it('writes over the copy seen while its version is current, and moves its indexes', async () => {
          await store.transact((tx) => tx.put('items', item('x', 'o1', { v: 1, due: 5 })));
          const seen = (await store.get<Doc>('items', 'x'))!;
          const { due: _, ...rest } = seen;
          const next = { ...rest, v: 2, kind: 'b' };
          expect(await store.transact((tx) => putIfUnchanged(tx, next, seen))).toBe(true);
          expect(await store.get('items', 'x')).toEqual(next);
          expect(await ids('by_owner_kind', ['o1', 'a'])).toEqual([]);
          expect(await ids('by_owner_kind', ['o1', 'b'])).toEqual(['x']);
          expect(await ids('by_due', [])).toEqual([]);
        });

        it('writes nothing and says so once the row moved, is gone or has no such version', async () => {
          await store.transact((tx) => tx.put('items', item('x', 'o1', { v: 1, n: 'seen' })));
          const seen = (await store.get<Doc>('items', 'x'))!;
          await store.transact((tx) => tx.put('items', item('x', 'o1', { v: 2, n: 'moved' })));
          const stale = { ...seen, v: 2, kind: 'b', n: 'stale' };
          expect(await store.transact((tx) => putIfUnchanged(tx, stale, seen))).toBe(false);
          expect(await store.get('items', 'x')).toMatchObject({ v: 2, n: 'moved', kind: 'a' });
          expect(await ids('by_owner_kind', ['o1', 'b'])).toEqual([]);
          // A version of another type, or none, is not the one seen.
          await store.transact((tx) => tx.put('items', item('x', 'o1', { v: '1' })));
          expect(await store.transact((tx) => putIfUnchanged(tx, stale, seen))).toBe(false);
          await store.transact((tx) => tx.delete('items', 'x'));
          expect(await store.transact((tx) => putIfUnchanged(tx, stale, seen))).toBe(false);
          expect(await store.get('items', 'x')).toBeUndefined();
        });

        it('sees an earlier write of its own transaction, and of its batch', async () => {
          await store.transact((tx) => tx.put('items', item('x', 'o1', { v: 1 })));
          const seen = (await store.get<Doc>('items', 'x'))!;
          const answers = await Promise.all([
            store.transact((tx) => tx.put('items', { ...seen, v: 2, kind: 'c' })),
            store.transact((tx) => putIfUnchanged(tx, { ...seen, v: 2, kind: 'b' }, seen)),
          ]);
          expect(answers[1]).toBe(false);
          expect(await store.get('items', 'x')).toMatchObject({ v: 2, kind: 'c' });
          expect(await ids('by_owner_kind', ['o1', 'c'])).toEqual(['x']);
          await store.transact(async (tx) => {
            await tx.put('items', { ...seen, v: 3 });
            expect(await putIfUnchanged(tx, { ...seen, v: 4 }, seen)).toBe(false);
          });
          expect(await store.get('items', 'x')).toMatchObject({ v: 3 });
        });
      });

    // The adapter's own insertIfAbsent where it has one, get-then-put where it has not.
    describe('insertIfAbsent', () => {
      it('writes a missing row, and answers an existing one without writing over it', async () => {
        const first = item('x', 'o1', { v: 1 });
        expect(await store.transact((tx) => insertIfAbsent(tx, 'items', 'x', () => first))).toBe(
          undefined,
        );
        expect(await store.get('items', 'x')).toEqual(first);
        const second = item('x', 'o2', { v: 2 });
        expect(
          await store.transact((tx) => insertIfAbsent(tx, 'items', 'x', () => second)),
        ).toEqual(first);
        expect(await store.get('items', 'x')).toEqual(first);
        expect(
          (await store.query<Doc>('items', { index: 'by_owner', prefix: ['o1'] })).map((d) => d.id),
        ).toEqual(['x']);
      });

      it('builds the document only to write it where the store has no insertIfAbsent of its own', async () => {
        await store.transact((tx) => tx.put('items', item('y', 'o1')));
        let built = 0;
        const make = () => (built++, item('y', 'o2'));
        let own = false;
        const existing = await store.transact((tx) => {
          own = tx.insertIfAbsent !== undefined;
          return insertIfAbsent(tx, 'items', 'y', make);
        });
        expect(existing).toEqual(item('y', 'o1'));
        expect(built).toBe(own ? 1 : 0);
      });

      it('sees its own transaction: a row it put, and one it inserted', async () => {
        await store.transact(async (tx) => {
          await tx.put('items', item('a', 'o1', { v: 1 }));
          expect(await insertIfAbsent(tx, 'items', 'a', () => item('a', 'o1', { v: 2 }))).toEqual(
            item('a', 'o1', { v: 1 }),
          );
          expect(await insertIfAbsent(tx, 'items', 'b', () => item('b', 'o1'))).toBe(undefined);
          expect(await tx.get('items', 'b')).toEqual(item('b', 'o1'));
        });
      });

      it('lets one of concurrent units insert a key, and shows its row to the others', async () => {
        const answers = await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            store.transact((tx) => insertIfAbsent(tx, 'items', 'k', () => item('k', `o${i}`))),
          ),
        );
        const winner = answers.findIndex((answer) => answer === undefined);
        expect(answers.filter((answer) => answer === undefined)).toHaveLength(1);
        const row = await store.get<Doc>('items', 'k');
        expect(row).toEqual(item('k', `o${winner}`));
        for (const answer of answers) if (answer) expect(answer).toEqual(row);
      });

      it('leaves nothing of a unit that failed after inserting', async () => {
        await expect(
          store.transact(async (tx) => {
            await insertIfAbsent(tx, 'items', 'gone', () => item('gone', 'o1'));
            throw new Error('after the insert');
          }),
        ).rejects.toThrow('after the insert');
        expect(await store.get('items', 'gone')).toBeUndefined();
      });
    });

    it('serialises concurrent read-modify-write units (no lost update)', async () => {
      await store.transact((tx) => tx.put('items', item('counter', 'o1', { n: 0 })));
      await Promise.all(
        Array.from({ length: 25 }, () =>
          store.transact(async (tx) => {
            const doc = (await tx.get<Doc>('items', 'counter'))!;
            await tx.put('items', { ...doc, n: (doc.n as number) + 1 });
          }),
        ),
      );
      expect(await store.get('items', 'counter')).toMatchObject({ n: 25 });
    });

    it('keeps every operation of a unit in its transaction across nested async functions', async () => {
      const nestedPut = async (tx: Parameters<Parameters<Store['transact']>[0]>[0], id: string) => {
        await tx.get('items', id);
        await tx.put('items', item(id, 'nested'));
      };
      const deeper = async (tx: Parameters<Parameters<Store['transact']>[0]>[0]) => {
        await nestedPut(tx, 'n2');
        await tx.put('other', item('x', 'nested'));
      };
      await store.transact(async (tx) => {
        await tx.put('items', item('n1', 'nested'));
        await nestedPut(tx, 'n1b');
        await deeper(tx);
        await tx.put('items', item('n3', 'nested'));
      });
      const ids = (await store.query<Doc>('items', { index: 'by_owner', prefix: ['nested'] })).map(
        (d) => d.id,
      );
      expect(ids).toEqual(['n1', 'n1b', 'n2', 'n3']);
      expect(await store.get('other', 'x')).toBeDefined();
    });

    it('returns the value of the unit', async () => {
      expect(await store.transact(async () => 42)).toBe(42);
    });

    describe('queries', () => {
      beforeEach(async () => {
        await store.transact(async (tx) => {
          for (const [id, owner, kind, due] of [
            ['k1', 'o1', 'a', 30],
            ['k2', 'o1', 'b', 10],
            ['k3', 'o2', 'a', 20],
            ['k4', 'o1', 'a', null],
            ['k5', 'o1', 'b', 40],
          ] as const) {
            await tx.put('items', { id, owner, kind, ...(due === null ? {} : { due }) });
          }
        });
      });
      const ids = (docs: Doc[]) => docs.map((d) => d.id);

      it('filters by prefix and orders by the next field', async () => {
        expect(ids(await store.query('items', { index: 'by_owner', prefix: ['o1'] }))).toEqual([
          'k1',
          'k2',
          'k4',
          'k5',
        ]);
        expect(
          ids(await store.query('items', { index: 'by_owner', prefix: ['o1'], order: 'desc' })),
        ).toEqual(['k5', 'k4', 'k2', 'k1']);
      });

      it('filters by a longer prefix', async () => {
        expect(
          ids(await store.query('items', { index: 'by_owner_kind', prefix: ['o1', 'b'] })),
        ).toEqual(['k2', 'k5']);
      });

      it('applies exclusive and inclusive bounds after the prefix', async () => {
        const q = (range: object, order: 'asc' | 'desc' = 'asc') =>
          store.query('items', { index: 'by_owner', prefix: ['o1'], range, order });
        expect(ids(await q({ gt: 'k2' }))).toEqual(['k4', 'k5']);
        expect(ids(await q({ gte: 'k2' }))).toEqual(['k2', 'k4', 'k5']);
        expect(ids(await q({ lt: 'k4' }, 'desc'))).toEqual(['k2', 'k1']);
        expect(ids(await q({ lte: 'k4' }, 'desc'))).toEqual(['k4', 'k2', 'k1']);
        expect(ids(await q({ gt: 'k1', lt: 'k5' }))).toEqual(['k2', 'k4']);
      });

      it('ranges over numbers on a single-field index and leaves out docs without the field', async () => {
        expect(ids(await store.query('items', { index: 'by_due', prefix: [] }))).toEqual([
          'k2',
          'k3',
          'k1',
          'k5',
        ]);
        expect(
          ids(await store.query('items', { index: 'by_due', prefix: [], range: { lte: 30 } })),
        ).toEqual(['k2', 'k3', 'k1']);
        expect(
          ids(
            await store.query('items', { index: 'by_due', prefix: [], range: { gt: 10, lt: 40 } }),
          ),
        ).toEqual(['k3', 'k1']);
      });

      it('limits', async () => {
        expect(
          ids(
            await store.query('items', {
              index: 'by_owner',
              prefix: ['o1'],
              order: 'desc',
              limit: 2,
            }),
          ),
        ).toEqual(['k5', 'k4']);
        expect(
          ids(
            await store.query('items', {
              index: 'by_owner',
              prefix: ['o1'],
              range: { gt: 'k1' },
              limit: 1,
            }),
          ),
        ).toEqual(['k2']);
      });

      it('matches an exact full key', async () => {
        expect(
          ids(await store.query('items', { index: 'by_owner_kind', prefix: ['o2', 'a', 'k3'] })),
        ).toEqual(['k3']);
        expect(ids(await store.query('items', { index: 'by_due', prefix: [20] }))).toEqual(['k3']);
      });

      it('finds nothing in an empty range (equal exclusive bounds), without failing', async () => {
        expect(
          await store.query('items', { index: 'by_due', prefix: [], range: { gt: 20, lt: 20 } }),
        ).toEqual([]);
        expect(
          await store.query('items', {
            index: 'by_owner',
            prefix: ['o1'],
            range: { gt: 'k2', lte: 'k2' },
          }),
        ).toEqual([]);
        expect(
          await store.query('items', { index: 'by_due', prefix: [], range: { gt: 30, lt: 10 } }),
        ).toEqual([]);
      });

      it('queries a prefix that leaves two fields of a compound index open', async () => {
        expect(ids(await store.query('items', { index: 'by_owner_kind', prefix: ['o1'] }))).toEqual(
          ['k1', 'k4', 'k2', 'k5'],
        );
        expect(
          ids(
            await store.query('items', {
              index: 'by_owner_kind',
              prefix: ['o1'],
              range: { gt: 'a' },
            }),
          ),
        ).toEqual(['k2', 'k5']);
      });

      it('orders numbers before strings in one field, strings by code unit; bounds of either type cut across both', async () => {
        await store.transact(async (tx) => {
          for (const [id, due] of [
            ['m1', 'b'],
            ['m2', 'B'],
            ['m3', 'a_b'],
            ['m4', 'ab'],
            ['m5', ''],
            ['m6', -1.5],
          ] as const) {
            await tx.put('items', { id, owner: 'mixed', due });
          }
        });
        const due = async (range?: object, order?: 'desc') =>
          (await store.query<Doc>('items', { index: 'by_due', prefix: [], range, order })).map(
            (d) => d.due,
          );
        expect(await due()).toEqual([-1.5, 10, 20, 30, 40, '', 'B', 'a_b', 'ab', 'b']);
        expect(await due(undefined, 'desc')).toEqual([
          'b',
          'ab',
          'a_b',
          'B',
          '',
          40,
          30,
          20,
          10,
          -1.5,
        ]);
        expect(await due({ gt: 30 })).toEqual([40, '', 'B', 'a_b', 'ab', 'b']);
        expect(await due({ lt: 'a_b' })).toEqual([-1.5, 10, 20, 30, 40, '', 'B']);
        expect(await due({ gte: 40, lte: '' })).toEqual([40, '']);
      });

      it('finds nothing for an unknown prefix', async () => {
        expect(await store.query('items', { index: 'by_owner', prefix: ['zzz'] })).toEqual([]);
      });
    });

    it('rejects an unknown table or index', async () => {
      await expect(store.get('nope', 'x')).rejects.toThrow();
      await expect(store.query('items', { index: 'nope', prefix: [] })).rejects.toThrow();
    });
  });
}
