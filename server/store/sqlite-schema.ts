import type Database from 'better-sqlite3';
import type { TableDef } from '../../engine/index';

/** Column holding an indexed field, extracted in JS at write time (cheaper than json_extract). */
export const columnOf = (field: string) => {
  if (!/^[a-z_][a-z0-9_]*$/i.test(field)) throw new Error(`Unsupported index field name ${field}`);
  return `f_${field}`;
};

export const indexedFields = (def: TableDef) => [...new Set(Object.values(def.indexes).flat())];

/**
 * Versioned migrations. Tables, index columns and indexes are derived from the engine's TABLES:
 * a missing column is added and back-filled from the stored JSON, a missing index is created.
 * Data migrations that cannot be derived are appended to DATA_MIGRATIONS and run once each.
 */
const DATA_MIGRATIONS: Array<(db: Database.Database) => void> = [];

export function migrate(db: Database.Database, schema: Record<string, TableDef>): void {
  db.transaction(() => {
    for (const [table, def] of Object.entries(schema)) {
      db.exec(`CREATE TABLE IF NOT EXISTS "${table}" (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
      const existing = new Set(
        (db.pragma(`table_info("${table}")`) as { name: string }[]).map((c) => c.name),
      );
      for (const field of indexedFields(def)) {
        const column = columnOf(field);
        if (existing.has(column)) continue;
        db.exec(`ALTER TABLE "${table}" ADD COLUMN ${column}`);
        db.exec(`UPDATE "${table}" SET ${column} = json_extract(doc, '$.${field}')`);
      }
      for (const [name, fields] of Object.entries(def.indexes)) {
        db.exec(
          `CREATE INDEX IF NOT EXISTS "${table}__${name}" ON "${table}" (${fields.map(columnOf).join(', ')})`,
        );
      }
    }
    const done = db.pragma('user_version', { simple: true }) as number;
    DATA_MIGRATIONS.slice(done).forEach((step) => step(db));
    db.pragma(`user_version = ${DATA_MIGRATIONS.length}`);
  })();
}
