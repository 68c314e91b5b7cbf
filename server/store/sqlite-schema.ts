import type Database from 'better-sqlite3';
import type { TableDef } from '../../engine/ports';

const column = (field: string) => `json_extract(doc, '$.${field}')`;

/**
 * Versioned migrations. Tables and indexes are derived from the engine's TABLES and created if
 * missing; data migrations that cannot be derived are appended to DATA_MIGRATIONS, each run once.
 */
const DATA_MIGRATIONS: Array<(db: Database.Database) => void> = [];

export function migrate(db: Database.Database, schema: Record<string, TableDef>): void {
  db.transaction(() => {
    for (const [table, def] of Object.entries(schema)) {
      db.exec(
        `CREATE TABLE IF NOT EXISTS "${table}" (id TEXT PRIMARY KEY, doc TEXT NOT NULL) WITHOUT ROWID`,
      );
      for (const [name, fields] of Object.entries(def.indexes)) {
        const columns = fields.map(column).join(', ');
        db.exec(`CREATE INDEX IF NOT EXISTS "${table}__${name}" ON "${table}" (${columns})`);
      }
    }
    const done = db.pragma('user_version', { simple: true }) as number;
    DATA_MIGRATIONS.slice(done).forEach((step) => step(db));
    db.pragma(`user_version = ${DATA_MIGRATIONS.length}`);
  })();
}
