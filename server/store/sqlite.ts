import Database from 'better-sqlite3';
import type {
  Doc,
  IndexValue,
  Query,
  Store,
  StoreReader,
  StoreTx,
  TableDef,
} from '../../engine/ports';
import { columnOf, indexedFields, migrate } from './sqlite-schema';

type Db = Database.Database;

interface Unit {
  work: (tx: StoreTx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface SqliteStoreOptions {
  /** Most units committed together; more wait for the next commit. */
  maxBatch?: number;
}

/**
 * SQLite store (better-sqlite3, WAL, synchronous=FULL).
 *
 * Group commit: units queued while the event loop turns are run one after another inside ONE
 * write transaction, each under its own savepoint (a failing unit rolls back alone), and are
 * resolved only after that transaction's COMMIT has been fsynced. Readers use a second
 * connection, so they never see writes that are not yet committed.
 */
export function createSqliteStore(
  file: string,
  schema: Record<string, TableDef>,
  options: SqliteStoreOptions = {},
): Store {
  const maxBatch = options.maxBatch ?? 512;
  const writer = open(file);
  migrate(writer, schema);
  const reader = open(file);
  const statements = new Map<string, Database.Statement>();
  const prepared = (db: Db, sql: string) => {
    const cacheKey = `${db === writer ? 'w' : 'r'}:${sql}`;
    let statement = statements.get(cacheKey);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(cacheKey, statement);
    }
    return statement;
  };

  const readerOf = (db: Db): StoreReader => ({
    async get<T extends Doc>(table: string, key: string) {
      tableDef(schema, table);
      const row = prepared(db, `SELECT doc FROM "${table}" WHERE id = ?`).get(key) as
        { doc: string } | undefined;
      return row ? (JSON.parse(row.doc) as T) : undefined;
    },
    async query<T extends Doc>(table: string, query: Query) {
      const { sql, params } = toSql(table, tableDef(schema, table), query);
      const rows = prepared(db, sql).all(...params) as { doc: string }[];
      return rows.map((row) => JSON.parse(row.doc) as T);
    },
  });

  const columns = new Map(
    Object.entries(schema).map(([table, def]) => [table, indexedFields(def)]),
  );
  const tx: StoreTx = {
    ...readerOf(writer),
    async put(table, doc) {
      const key = doc[tableDef(schema, table).key];
      if (typeof key !== 'string') throw new Error(`${table}: document has no string key`);
      const fields = columns.get(table)!;
      prepared(writer, upsertSql(table, fields)).run(
        key,
        JSON.stringify(doc),
        ...fields.map((field) => indexable(doc[field])),
      );
    },
    async delete(table, key) {
      tableDef(schema, table);
      prepared(writer, `DELETE FROM "${table}" WHERE id = ?`).run(key);
    },
  };

  const control = {
    begin: writer.prepare('BEGIN IMMEDIATE'),
    savepoint: writer.prepare('SAVEPOINT unit'),
    release: writer.prepare('RELEASE unit'),
    rollbackTo: writer.prepare('ROLLBACK TO unit'),
    commit: writer.prepare('COMMIT'),
  };
  let queue: Unit[] = [];
  let scheduled = false;
  let flushing = false;
  let closed = false;

  const schedule = () => {
    if (scheduled || flushing || queue.length === 0) return;
    scheduled = true;
    setImmediate(flush);
  };

  async function flush() {
    scheduled = false;
    flushing = true;
    const batch = queue.slice(0, maxBatch);
    queue = queue.slice(batch.length);
    const settled: Array<() => void> = [];
    try {
      control.begin.run();
      for (const unit of batch) {
        control.savepoint.run();
        try {
          const value = await unit.work(tx);
          control.release.run();
          settled.push(() => unit.resolve(value));
        } catch (error) {
          control.rollbackTo.run();
          control.release.run();
          settled.push(() => unit.reject(error));
        }
      }
      control.commit.run();
      for (const settle of settled) settle();
    } catch (error) {
      if (writer.inTransaction) writer.exec('ROLLBACK');
      for (const unit of batch) unit.reject(error);
    } finally {
      flushing = false;
      schedule();
    }
  }

  return {
    ...readerOf(reader),
    transact<T>(work: (tx: StoreTx) => Promise<T>): Promise<T> {
      if (closed) return Promise.reject(new Error('Store is closed'));
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (v: unknown) => void, reject });
        schedule();
      });
    },
    async close() {
      closed = true;
      while (queue.length > 0 || flushing || scheduled) await new Promise((r) => setImmediate(r));
      reader.close();
      writer.close();
    },
  };
}

/**
 * An upsert, not INSERT OR REPLACE: an update then touches only the indexes whose columns
 * changed, instead of deleting and re-inserting the row in every index.
 */
function upsertSql(table: string, fields: string[]): string {
  const columns = ['doc', ...fields.map(columnOf)];
  const marks = ['?', ...columns.map(() => '?')].join(', ');
  const updates = columns.map((c) => `${c} = excluded.${c}`).join(', ');
  return `INSERT INTO "${table}" (id, ${columns.join(', ')}) VALUES (${marks}) ON CONFLICT(id) DO UPDATE SET ${updates}`;
}

/** Index columns hold strings and numbers only; anything else leaves the row out of the index. */
const indexable = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? value : null;

function open(file: string): Db {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // Money moves on these commits: FULL makes every COMMIT durable across power loss, not just crashes.
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  return db;
}

function tableDef(schema: Record<string, TableDef>, table: string): TableDef {
  const def = schema[table];
  if (!def) throw new Error(`Unknown table ${table}`);
  return def;
}

function toSql(table: string, def: TableDef, query: Query) {
  const fields = def.indexes[query.index];
  if (!fields) throw new Error(`Unknown index ${table}.${query.index}`);
  const where: string[] = [];
  const params: IndexValue[] = [];
  query.prefix.forEach((value, i) => {
    where.push(`${columnOf(fields[i]!)} = ?`);
    params.push(value);
  });
  const next = fields[query.prefix.length];
  const range = query.range ?? {};
  const bounds = [
    ['>', range.gt],
    ['>=', range.gte],
    ['<', range.lt],
    ['<=', range.lte],
  ] as const;
  for (const [op, value] of bounds) {
    if (value === undefined) continue;
    if (!next) throw new Error('A range needs an index field after the prefix');
    where.push(`${columnOf(next)} ${op} ?`);
    params.push(value);
  }
  // Docs missing any index field are not in the index (as in IndexedDB).
  for (const field of fields) where.push(`${columnOf(field)} IS NOT NULL`);
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  const orderBy = fields.slice(query.prefix.length).map((f) => `${columnOf(f)} ${direction}`);
  let sql = `SELECT doc FROM "${table}" WHERE ${where.join(' AND ')}`;
  if (orderBy.length > 0) sql += ` ORDER BY ${orderBy.join(', ')}`;
  if (query.limit !== undefined) {
    sql += ' LIMIT ?';
    params.push(query.limit);
  }
  return { sql, params };
}
