import Database from 'better-sqlite3';
import type { Doc, Query, Store, StoreTx, TableDef } from '../../engine/index';
import { keepLogShort, type CheckpointerOptions } from './checkpointer';
import { createDocCache, deepFreeze } from './doc-cache';
import { RowMap } from './row-map';
import type { MigrationReport } from './migrations';
import { ownerOnlyDatabase } from './sqlite-files';
import { migrate } from './sqlite-schema';
import { createWalSync, type SyncFile } from './wal-sync';
import {
  indexable,
  tableStatements,
  toSql,
  type ColumnValue,
  type TableStatements,
} from './sqlite-sql';

type Db = Database.Database;
/** A row a unit wrote (put or deleted): what the read cache forgets once it commits. */
type Write = [table: string, id: string];

interface Unit {
  work: (tx: StoreTx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface SqliteStoreOptions {
  /** Most units committed together; more wait for the next commit. */
  maxBatch?: number;
  checkpoints?: CheckpointerOptions;
  /** WAL pages past which the writer checkpoints itself, so that the log starts over. */
  logBoundPages?: number;
  /** Told what the schema migration at open did (migrations.ts). */
  migrated?: (report: MigrationReport) => void;
  /** Syncs the WAL file (tests hold or fail it); default fs.fdatasync. */
  syncFile?: SyncFile;
}

/**
 * SQLite store (better-sqlite3, WAL, synchronous=FULL).
 *
 * Group commit: units queued while the event loop turns, or while the last commit is synced, are
 * run one after another inside ONE write transaction and are resolved only after that
 * transaction's COMMIT has been fsynced; a unit that fails after writing rolls back alone
 * (runUnits). Reads made while a batch's transaction is open use a second connection, so they
 * never see writes that are not yet committed (readSide); hot reads are served from a cache of
 * parsed documents that our commits update and outside commits empty (doc-cache.ts). WAL
 * checkpoints run on a worker thread (checkpointer.ts).
 */
export function createSqliteStore(
  file: string,
  schema: Record<string, TableDef>,
  options: SqliteStoreOptions = {},
): Store {
  const maxBatch = options.maxBatch ?? 512;
  ownerOnlyDatabase(file);
  const writer = open(file);
  try {
    const report = migrate(writer, schema);
    options.migrated?.(report);
  } catch (error) {
    writer.close();
    throw error;
  }
  const checkpointer = keepLogShort(writer, file, options);
  // COMMIT writes the log without syncing it; walSync syncs it on the thread pool, and a unit is
  // resolved only after that: synchronous=FULL's durability, with the sync off this thread.
  writer.pragma('synchronous = NORMAL');
  const walSync = createWalSync(file, options.syncFile);
  const reader = open(file);
  const tables = {
    reader: new Map<string, TableStatements>(),
    writer: new Map<string, TableStatements>(),
  };
  const statementsOf = (side: 'reader' | 'writer', table: string) => {
    let statements = tables[side].get(table);
    if (!statements) {
      const def = schema[table];
      if (!def) throw new Error(`Unknown table ${table}`);
      statements = tableStatements(side === 'reader' ? reader : writer, table, def);
      tables[side].set(table, statements);
    }
    return statements;
  };
  const queries = new Map<string, Database.Statement>();
  const runQuery = (db: Db, table: string, query: Query) => {
    const def = schema[table];
    if (!def) throw new Error(`Unknown table ${table}`);
    const { sql, params } = toSql(table, def, query);
    const key = `${db === writer ? 'w' : 'r'}${sql}`;
    let statement = queries.get(key);
    if (!statement) queries.set(key, (statement = db.prepare(sql).pluck()));
    return (statement.all(...params) as string[]).map((doc) => JSON.parse(doc) as Doc);
  };
  // Reads outside a transaction go through the writer's connection whenever it holds none open:
  // it then sees exactly what the reader would (committed rows, no unit's writes), and its page
  // cache is the warm one — the reader's is dropped at every commit of ours. A monitor round reads
  // each page's intents before the fetch and again in its transaction: through one connection
  // those pages are read once. First round -8 % (in one process, the two ways alternated).
  const readSide = () => (writer.inTransaction ? 'reader' : 'writer');
  // The writer's, which only another connection's commit moves (the reader's moved at each of
  // ours, and every look at it dropped the reader's page cache: 3 µs a create in a profile).
  const dataVersion = writer.prepare('PRAGMA data_version').pluck();
  const cache = createDocCache({ dataVersion: () => dataVersion.get() as number });

  // Writes of the unit being run, and of the units of this batch that succeeded.
  let unitWrites: Write[] = [];
  // Index values of rows as this batch last read or wrote them, so that a put can leave the
  // indexes whose values did not change alone. Forgotten when the batch ends or rolls back.
  const rowIndexValues = new RowMap<ColumnValue[]>();
  // Rows as this batch read them, parsed and frozen, with their index values (null: no such row),
  // so that a row read again in the batch (the watch of every create, the endpoints version every
  // event reads) is neither looked up nor parsed again: nobody else writes while the batch holds
  // the write lock, and our own writes forget them. Forgotten with the above.
  const readRows = new RowMap<{ doc: Doc; values: ColumnValue[] } | null>();
  const forgetBatchRows = () => {
    rowIndexValues.clear();
    readRows.clear();
  };
  const keyOf = (table: string, doc: Doc) => {
    const key = doc[schema[table]!.key];
    if (typeof key !== 'string') throw new Error(`${table}: document has no string key`);
    return key;
  };
  /** What a unit's write leaves the batch knowing: the row's index values, its text no more. */
  const wrote = (table: string, key: string, values: ColumnValue[]) => {
    rowIndexValues.set(table, key, values);
    readRows.delete(table, key);
    unitWrites.push([table, key]);
  };
  const tx: StoreTx = {
    async get<T extends Doc>(table: string, key: string) {
      const statements = statementsOf('writer', table);
      let read = readRows.get(table, key);
      if (read === undefined) {
        const text = statements.get.get(key) as string | undefined;
        const doc = text === undefined ? undefined : deepFreeze(JSON.parse(text) as Doc);
        read = doc ? { doc, values: indexValuesOf(statements, doc) } : null;
        readRows.set(table, key, read);
      }
      if (read === null) return undefined;
      rowIndexValues.set(table, key, read.values);
      return read.doc as T;
    },
    async reread<T extends Doc>(table: string, key: string, seen: T, versionField: string) {
      if (typeof seen[versionField] !== 'number') return tx.get<T>(table, key);
      const statements = statementsOf('writer', table);
      // NULL when the version is the one seen; undefined when the row is gone.
      const text = statements.unlessVersion(versionField).get(seen[versionField], key) as
        string | null | undefined;
      if (text === undefined) return undefined;
      const doc = text === null ? seen : (JSON.parse(text) as T);
      rowIndexValues.set(table, key, indexValuesOf(statements, doc));
      return doc;
    },
    async query<T extends Doc>(table: string, query: Query) {
      return runQuery(writer, table, query) as T[];
    },
    async putIfUnchanged(table, doc, seen, versionField) {
      const version = seen[versionField];
      if (typeof version !== 'number') return false;
      const statements = statementsOf('writer', table);
      const key = keyOf(table, doc);
      if (seen[schema[table]!.key] !== key)
        throw new Error(`${table}: ${key} written over another row`);
      const values = indexValuesOf(statements, doc);
      // Where the version still holds, the row is `seen` (every write moves it): its columns too.
      const unchanged = { field: versionField, value: version };
      const before = indexValuesOf(statements, seen);
      const text = JSON.stringify(doc);
      if (!updateChanged(statements, key, text, values, before, unchanged)) return false;
      wrote(table, key, values);
      return true;
    },
    async put(table, doc) {
      const statements = statementsOf('writer', table);
      const key = keyOf(table, doc);
      const text = JSON.stringify(doc);
      const values = indexValuesOf(statements, doc);
      const before = rowIndexValues.get(table, key);
      if (!before || !updateChanged(statements, key, text, values, before)) {
        statements.upsert.run(key, text, ...values);
      }
      wrote(table, key, values);
    },
    async delete(table, key) {
      statementsOf('writer', table).delete.run(key);
      rowIndexValues.delete(table, key);
      readRows.delete(table, key);
      unitWrites.push([table, key]);
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

  // Units that come while a sync runs wait for it to end and are committed together: committed
  // at once, they would be durable no sooner (the next sync starts when this one ends either way)
  // and would cost a COMMIT per turn of the event loop instead of one per sync. Creates: 105 -> 94
  // µs of thread CPU each, 12 % more per second (servers alternated). A full batch gains nothing
  // by waiting: it is committed at once, so that a burst is not spread over one sync per batch.
  let awaitingSync = false;
  const flushNext = () => {
    awaitingSync = false;
    setImmediate(flush);
  };
  const schedule = () => {
    if (flushing || queue.length === 0) return;
    const full = queue.length >= maxBatch;
    if (scheduled && !(awaitingSync && full)) return;
    scheduled = true;
    if (full) return flushNext();
    awaitingSync = true;
    walSync.whenIdle(() => {
      if (awaitingSync) flushNext();
    });
  };

  /**
   * Runs the units of a batch in the open transaction. Fast path: no savepoints (they cost as much
   * as the writes). A unit that throws before writing is simply rejected; one that throws after
   * writing makes the batch return 'retry', and the caller rolls back and runs it again with a
   * savepoint per unit. Units only touch `tx`, so running one again is safe.
   */
  async function runUnits(batch: Unit[], isolated: boolean) {
    const settled: Array<() => void> = [];
    const committed: Write[] = [];
    for (const unit of batch) {
      if (isolated) control.savepoint.run();
      unitWrites = [];
      try {
        const value = await unit.work(tx);
        if (isolated) control.release.run();
        committed.push(...unitWrites);
        settled.push(() => unit.resolve(value));
      } catch (error) {
        // After some failures (a full disk, an I/O error) SQLite has rolled the whole transaction
        // back by itself: the units before are undone too, and the next would run outside it.
        if (!writer.inTransaction) throw error;
        if (isolated) {
          control.rollbackTo.run();
          control.release.run();
          forgetBatchRows();
        } else if (unitWrites.length > 0) {
          return 'retry' as const;
        }
        settled.push(() => unit.reject(error));
      }
    }
    return { settled, committed };
  }

  /**
   * We hold the write lock from here to COMMIT: no outside commit can slip in between. What was
   * read before (by the batch rolled back, or a unit's leftover promise after its batch) may be
   * stale.
   */
  function begin() {
    control.begin.run();
    forgetBatchRows();
  }

  async function flush() {
    scheduled = false;
    flushing = true;
    const batch = queue.slice(0, maxBatch);
    queue = queue.slice(batch.length);
    try {
      // Once a sync failed, nothing more is written: it could never be acknowledged as durable,
      // yet it would be there after a restart (a create answered 500 that exists, say).
      const failed = walSync.failure();
      if (failed) throw failed;
      begin();
      let outcome = await runUnits(batch, false);
      if (outcome === 'retry') {
        writer.exec('ROLLBACK');
        begin();
        outcome = (await runUnits(batch, true)) as Exclude<typeof outcome, 'retry'>;
      }
      control.commit.run();
      const seq = walSync.committed();
      checkpointer.committed();
      cache.afterCommit(outcome.committed);
      const { settled } = outcome;
      // The units of this batch hear once it is synced; the next batch is committed after that.
      walSync.durable(seq).then(
        () => settled.forEach((settle) => settle()),
        (error) => batch.forEach((unit) => unit.reject(error)),
      );
    } catch (error) {
      if (writer.inTransaction) writer.exec('ROLLBACK');
      cache.clear();
      for (const unit of batch) unit.reject(error);
    } finally {
      unitWrites = [];
      forgetBatchRows();
      flushing = false;
      schedule();
    }
  }

  return {
    peek: <T extends Doc>(table: string, key: string) => cache.get(table, key) as T | undefined,
    async get<T extends Doc>(table: string, key: string) {
      // Cached documents were read durable and are forgotten when we write them: durable.
      const cached = cache.get(table, key);
      if (cached) return cached as T;
      const seen = walSync.lastCommit();
      const read = cache.reading(table, key);
      const text = statementsOf(readSide(), table).get.get(key) as string | undefined;
      await walSync.durable(seen);
      return cache.finish(read, text === undefined ? undefined : (JSON.parse(text) as T));
    },
    async query<T extends Doc>(table: string, query: Query) {
      const seen = walSync.lastCommit();
      const docs = runQuery(readSide() === 'reader' ? reader : writer, table, query) as T[];
      await walSync.durable(seen);
      return docs;
    },
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
      await walSync.close();
      await checkpointer.close();
      reader.close();
      writer.close();
    },
  };
}

const indexValuesOf = (statements: TableStatements, doc: Doc) =>
  statements.fields.map((field) => indexable(doc[field]));

/**
 * Updates a row known to exist, assigning only the index columns that changed; with `unchanged`,
 * only while that field of its document holds that value. Whether a row was updated.
 */
function updateChanged(
  statements: TableStatements,
  key: string,
  text: string,
  values: ColumnValue[],
  before: ColumnValue[],
  unchanged?: { field: string; value: number },
): boolean {
  let mask = 0;
  const changed: ColumnValue[] = [];
  values.forEach((value, i) => {
    if (value === before[i]) return;
    mask |= 1 << i;
    changed.push(value);
  });
  if (!unchanged) return statements.updateChanged(mask).run(text, ...changed, key).changes === 1;
  const update = statements.updateChanged(mask, unchanged.field);
  return update.run(text, ...changed, key, unchanged.value).changes === 1;
}

/** Runs the schema migrations of the file (creating it if missing) without opening a store. */
export function migrateSqliteFile(file: string, schema: Record<string, TableDef>) {
  ownerOnlyDatabase(file);
  const db = open(file);
  try {
    return migrate(db, schema);
  } finally {
    db.close();
  }
}

function open(file: string): Db {
  const db = new Database(file);
  // First: switching to WAL and migrating take locks another process (a second server, the CLI)
  // may hold for a moment; without a timeout they fail at once with "database is locked".
  db.pragma('busy_timeout = 5000');
  db.pragma('journal_mode = WAL');
  // Money moves on these commits: FULL makes every COMMIT durable across power loss, not just crashes.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  return db;
}
