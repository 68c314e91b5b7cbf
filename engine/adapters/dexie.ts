import Dexie, { cmp, type Table, type Transaction } from 'dexie';
import type { Doc, IndexValue, Query, Store, StoreReader, StoreTx, TableDef } from '../ports';

export interface DexieStoreOptions {
  /** An IndexedDB factory (fake-indexeddb in tests); the global one by default. */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  /** IndexedDB durability hint; `strict` waits for the disk before a transaction completes. */
  durability?: 'strict' | 'relaxed' | 'default';
}

const keyPath = (fields: readonly string[]) =>
  fields.length === 1 ? fields[0]! : `[${fields.join('+')}]`;

/** The Dexie `stores()` spec derived from the engine schema. */
function dexieStores(schema: Record<string, TableDef>): Record<string, string> {
  const stores: Record<string, string> = {};
  for (const [name, def] of Object.entries(schema)) {
    const indexes = new Set(Object.values(def.indexes).map(keyPath));
    stores[name] = [def.key, ...indexes].join(', ');
  }
  return stores;
}

/** Store on IndexedDB through Dexie, for the extension's service worker. */
export function createDexieStore(
  name: string,
  schema: Record<string, TableDef>,
  version: number,
  options: DexieStoreOptions = {},
): Store {
  const db = new Dexie(name, {
    ...(options.indexedDB ? { indexedDB: options.indexedDB } : {}),
    ...(options.IDBKeyRange ? { IDBKeyRange: options.IDBKeyRange } : {}),
    chromeTransactionDurability: options.durability ?? 'strict',
  });
  db.version(version).stores(dexieStores(schema));
  const table = (name: string): Table<Doc, string> => {
    if (!schema[name]) throw new Error(`Unknown table ${name}`);
    return db.table(name);
  };

  const readerOf = (tableOf: (name: string) => Table<Doc, string>): StoreReader => ({
    async get<T extends Doc>(name: string, key: string) {
      return (await tableOf(name).get(key)) as T | undefined;
    },
    async query<T extends Doc>(name: string, query: Query) {
      const fields = schema[name]?.indexes[query.index];
      if (!fields) throw new Error(`Unknown index ${name}.${query.index}`);
      const [lower, upper, lowerOpen, upperOpen] = bounds(fields, query);
      // An empty range (`gt: 5, lt: 5`): IndexedDB refuses to build it; there is nothing in it.
      const order = cmp(lower, upper);
      if (order > 0 || (order === 0 && (lowerOpen || upperOpen))) return [];
      let collection = tableOf(name)
        .where(keyPath(fields))
        .between(lower, upper, !lowerOpen, !upperOpen);
      if (query.order === 'desc') collection = collection.reverse();
      if (query.limit !== undefined) collection = collection.limit(query.limit);
      return (await collection.toArray()) as T[];
    },
  });
  const reader = readerOf(table);

  // Operations of a unit go to the tables of ITS transaction. Through db.table() they would find
  // the transaction only via Dexie's zone, which native `await`s across nested async functions
  // lose: the operation then runs outside, and Dexie fails with PrematureCommitError.
  const writerOf = (trans: Transaction): StoreTx => {
    const bound = (name: string): Table<Doc, string> => {
      if (!schema[name]) throw new Error(`Unknown table ${name}`);
      return trans.table(name);
    };
    return {
      ...readerOf(bound),
      async put(name, doc) {
        await bound(name).put(doc);
      },
      async delete(name, key) {
        await bound(name).delete(key);
      },
    };
  };

  return {
    ...reader,
    transact<T>(work: (tx: StoreTx) => Promise<T>) {
      return db.transaction('rw', Object.keys(schema), (trans) => work(writerOf(trans)));
    },
    async close() {
      db.close();
    },
  };
}

type Key = IndexValue | IndexValue[];

/** Turns prefix + range into IndexedDB key bounds over the index's (compound) key. */
function bounds(fields: readonly string[], query: Query): [Key, Key, boolean, boolean] {
  const { prefix, range = {} } = query;
  const rest = fields.length - prefix.length;
  const pad = (value: unknown, filler: unknown) => {
    // A fresh filler each time: IndexedDB refuses a key holding the same array object twice
    // (Dexie.maxKey is the array [[]] where array keys are supported).
    const tail = Array.from({ length: Math.max(0, rest - (value === undefined ? 0 : 1)) }, () =>
      structuredClone(filler),
    );
    const parts = [...prefix, ...(value === undefined ? [] : [value]), ...tail];
    return (fields.length === 1 ? parts[0] : parts) as Key;
  };
  const low = range.gt ?? range.gte;
  const high = range.lt ?? range.lte;
  // A strict bound on a compound key must also skip every key that extends it, hence max/min fillers.
  const lower = pad(low, range.gt !== undefined ? Dexie.maxKey : Dexie.minKey);
  const upper = pad(high, range.lt !== undefined ? Dexie.minKey : Dexie.maxKey);
  return [lower, upper, range.gt !== undefined, range.lt !== undefined];
}
