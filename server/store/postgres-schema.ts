import { escapeLiteral, type ClientBase } from 'pg';
import type { TableDef } from '../../engine/index';
import {
  createIndexSql,
  fieldColumns,
  indexedFields,
  indexName,
  numColumn,
  qualified,
} from './postgres-sql';

/**
 * Derives the physical schema from the engine's TABLES (see postgres-sql.ts for the layout):
 * missing tables, index columns (generated, so PostgreSQL fills them for existing rows) and
 * indexes are created; an index whose fields changed is rebuilt; indexes of ours that TABLES no
 * longer names are dropped. Index columns of fields no longer indexed are left in place (an older
 * instance may still be running during a rolling upgrade). Runs inside the migration transaction.
 */
export async function deriveTables(
  client: ClientBase,
  schema: string,
  tables: Record<string, TableDef>,
) {
  const columns = await client.query<{ table: string; column: string }>(
    `SELECT c.relname AS table, a.attname AS column
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped`,
    [schema],
  );
  const indexes = await client.query<{ table: string; name: string; fields: string | null }>(
    `SELECT t.relname AS table, i.relname AS name, obj_description(i.oid, 'pg_class') AS fields
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = $1`,
    [schema],
  );
  for (const [table, def] of Object.entries(tables)) {
    const name = qualified(schema, table);
    const existing = new Set(columns.rows.filter((c) => c.table === table).map((c) => c.column));
    if (existing.size === 0)
      await client.query(
        `CREATE TABLE ${name} (id text COLLATE "C" PRIMARY KEY, doc jsonb NOT NULL)`,
      );
    const added = indexedFields(def).filter((field) => !existing.has(numColumn(field)));
    if (added.length > 0)
      await client.query(`ALTER TABLE ${name} ${added.flatMap(fieldColumns).join(', ')}`);

    const ours = indexes.rows.filter((i) => i.table === table && i.name.startsWith(`${table}__`));
    const wanted = new Map(
      Object.entries(def.indexes).map(([index, fields]) => [indexName(table, index), fields]),
    );
    for (const index of ours) {
      if (wanted.get(index.name)?.join(',') === index.fields) continue;
      await client.query(`DROP INDEX ${qualified(schema, index.name)}`);
    }
    for (const [index, fields] of Object.entries(def.indexes)) {
      const current = ours.find((i) => i.name === indexName(table, index));
      if (current?.fields === fields.join(',')) continue;
      await client.query(createIndexSql(schema, table, index, [...fields]));
      // The comment records the fields, so that a change to them in TABLES is seen next time.
      await client.query(
        `COMMENT ON INDEX ${qualified(schema, indexName(table, index))} IS ${escapeLiteral(fields.join(','))}`,
      );
    }
  }
}
