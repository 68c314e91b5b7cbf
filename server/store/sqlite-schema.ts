import type Database from 'better-sqlite3';
import type { TableDef } from '../../engine/index';
import {
  BASELINE,
  pendingSteps,
  VERSIONS_TABLE,
  type MigrationReport,
  type MigrationStep,
} from './migrations';

/** Column holding an indexed field, extracted in JS at write time (cheaper than json_extract). */
export const columnOf = (field: string) => {
  if (!/^[a-z_][a-z0-9_]*$/i.test(field)) throw new Error(`Unsupported index field name ${field}`);
  return `f_${field}`;
};

export const indexedFields = (def: TableDef) => [...new Set(Object.values(def.indexes).flat())];

/**
 * Fields kept in a column of their own, written from the document in JS: the indexed ones, then
 * those compare-and-set writes test (`compared`), unindexed — `json_extract` parsed the whole
 * document to test an intent's version, ~4 µs of a 2.7 kB intent's ~40 µs UPDATE.
 */
export const columnFields = (def: TableDef) => [
  ...new Set([...indexedFields(def), ...(def.compared ?? [])]),
];

export interface SqliteMigration extends MigrationStep {
  /** Runs inside the migration transaction. Index columns are recomputed after it. */
  up(db: Database.Database): void;
}

/** Numbered migrations, in order (see migrations.ts). Append; never edit a released one. */
export const SQLITE_MIGRATIONS: readonly SqliteMigration[] = [{ ...BASELINE, up: () => {} }];

/**
 * Brings the database to the code's schema in one write transaction (see migrations.ts): refuses
 * a newer database, derives tables, index columns and indexes from `schema`, runs the pending
 * migrations. Files made before versioning (intent-server 0.1) are at version 0 and get version 1.
 */
export function migrate(
  db: Database.Database,
  schema: Record<string, TableDef>,
  steps: readonly SqliteMigration[] = SQLITE_MIGRATIONS,
  where = `The SQLite database ${db.name}`,
): MigrationReport {
  return db
    .transaction(() => {
      db.exec(
        `CREATE TABLE IF NOT EXISTS ${VERSIONS_TABLE} (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`,
      );
      const from = db
        .prepare(`SELECT coalesce(max(version), 0) FROM ${VERSIONS_TABLE}`)
        .pluck()
        .get();
      const pending = pendingSteps(from as number, steps, where);
      const rebuiltIndexes = deriveTables(db, schema);
      const record = db.prepare(`INSERT INTO ${VERSIONS_TABLE} VALUES (?, ?, ?)`);
      for (const step of pending) {
        step.up(db);
        record.run(step.version, step.name, new Date().toISOString());
      }
      if (pending.some((step) => step.version > BASELINE.version)) refreshIndexColumns(db, schema);
      return {
        from: from as number,
        to: (from as number) + pending.length,
        applied: pending.map(({ version, name }) => ({ version, name })),
        rebuiltIndexes,
      };
    })
    .immediate();
}

/** An indexed field as SQL, with the adapter's rule: strings and numbers only, else NULL. */
const extracted = (field: string) =>
  `CASE json_type(doc, '$.${field}') WHEN 'text' THEN json_extract(doc, '$.${field}') WHEN 'integer' THEN json_extract(doc, '$.${field}') WHEN 'real' THEN json_extract(doc, '$.${field}') END`;

/**
 * Tables, columns (added and back-filled from the stored JSON) and indexes from `schema`. Returns
 * the indexes that existed made another way and were made again.
 */
function deriveTables(db: Database.Database, schema: Record<string, TableDef>): string[] {
  const rebuilt: string[] = [];
  const made = existingIndexes(db);
  for (const [table, def] of Object.entries(schema)) {
    db.exec(`CREATE TABLE IF NOT EXISTS "${table}" (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
    const existing = new Set(
      (db.pragma(`table_info("${table}")`) as { name: string }[]).map((c) => c.name),
    );
    for (const field of columnFields(def)) {
      const column = columnOf(field);
      if (existing.has(column)) continue;
      db.exec(`ALTER TABLE "${table}" ADD COLUMN ${column}`);
      db.exec(`UPDATE "${table}" SET ${column} = ${extracted(field)}`);
    }
    for (const [name, fields] of Object.entries(def.indexes)) {
      const index = indexName(table, name);
      const sql = indexSql(table, name, fields);
      const before = made.get(index);
      if (before === sql) continue;
      // Made another way (whole, as the store made them before, or over other fields): made again.
      if (before !== undefined) {
        db.exec(`DROP INDEX "${index}"`);
        rebuilt.push(index);
      }
      db.exec(sql);
    }
  }
  return rebuilt;
}

/**
 * An index as the store makes it: partial, without the rows that lack one of its fields, as
 * IndexedDB's and the PostgreSQL store's are. Every query asks for its fields present
 * (sqlite-sql.ts toSql), so no answer changes; a write leaves no entry for an absent field
 * (every URL intent's in by_trigger_sku, every account event's in events.by_intent).
 */
export function indexSql(table: string, name: string, fields: readonly string[]) {
  const columns = fields.map(columnOf);
  const present = columns.map((column) => `${column} IS NOT NULL`).join(' AND ');
  return `CREATE INDEX "${indexName(table, name)}" ON "${table}" (${columns.join(', ')}) WHERE ${present}`;
}

const indexName = (table: string, name: string) => `${table}__${name}`;

/** The database's indexes by name, with the SQL that made each (as sqlite_master keeps it). */
const existingIndexes = (db: Database.Database) =>
  new Map(
    (
      db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index'").all() as {
        name: string;
        sql: string | null;
      }[]
    ).map(({ name, sql }) => [name, sql]),
  );

/** After migrations changed documents: every column again from its document. */
function refreshIndexColumns(db: Database.Database, schema: Record<string, TableDef>) {
  for (const [table, def] of Object.entries(schema)) {
    const fields = columnFields(def);
    if (fields.length === 0) continue;
    const set = fields.map((f) => `${columnOf(f)} = ${extracted(f)}`).join(', ');
    db.exec(`UPDATE "${table}" SET ${set}`);
  }
}
