import type { Doc, Query, Store, StoreTx, TableDef } from '../ports';
import { compareIndexValues, indexValues, matchesQuery } from '../store/query';

type Tables = Record<string, Map<string, Doc>>;

/**
 * In-memory store for tests and tools. Transactions run one at a time; writes are staged and
 * applied on success, so a failing unit leaves nothing behind.
 */
export function createMemoryStore(schema: Record<string, TableDef>): Store {
  const tables: Tables = Object.fromEntries(Object.keys(schema).map((name) => [name, new Map()]));
  let queue: Promise<unknown> = Promise.resolve();

  const tableOf = (name: string) => {
    const table = tables[name];
    if (!table) throw new Error(`Unknown table ${name}`);
    return table;
  };

  const read = (staged: Map<string, Map<string, Doc | null>> | undefined) => ({
    async get<T extends Doc>(table: string, key: string) {
      const pending = staged?.get(table)?.get(key);
      const doc = pending === undefined ? tableOf(table).get(key) : (pending ?? undefined);
      return doc ? (structuredClone(doc) as T) : undefined;
    },
    async query<T extends Doc>(table: string, query: Query) {
      const fields = schema[table]!.indexes[query.index];
      if (!fields) throw new Error(`Unknown index ${table}.${query.index}`);
      const merged = new Map(tableOf(table));
      for (const [key, doc] of staged?.get(table) ?? []) {
        if (doc) merged.set(key, doc);
        else merged.delete(key);
      }
      const hits = [...merged.values()].filter((doc) => matchesQuery(doc, fields, query));
      const sign = query.order === 'desc' ? -1 : 1;
      hits.sort(
        (a, b) => sign * compareIndexValues(indexValues(a, fields), indexValues(b, fields)),
      );
      const limited = query.limit === undefined ? hits : hits.slice(0, query.limit);
      return limited.map((doc) => structuredClone(doc) as T);
    },
  });

  return {
    ...read(undefined),
    transact<T>(work: (tx: StoreTx) => Promise<T>): Promise<T> {
      const run = async () => {
        const staged = new Map<string, Map<string, Doc | null>>();
        const stage = (table: string) => {
          tableOf(table);
          if (!staged.has(table)) staged.set(table, new Map());
          return staged.get(table)!;
        };
        const tx: StoreTx = {
          ...read(staged),
          async put(table, doc) {
            const key = doc[schema[table]!.key];
            if (typeof key !== 'string') throw new Error(`${table}: document has no string key`);
            stage(table).set(key, structuredClone(doc));
          },
          async delete(table, key) {
            stage(table).set(key, null);
          },
        };
        const result = await work(tx);
        for (const [table, docs] of staged) {
          for (const [key, doc] of docs) {
            if (doc) tableOf(table).set(key, doc);
            else tableOf(table).delete(key);
          }
        }
        return result;
      };
      const result = queue.then(run, run);
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {},
  };
}
