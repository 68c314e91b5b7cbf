import type { PoolClient } from 'pg';
import type { Doc, Query, StoreTx, TableDef } from '../../engine/index';
import { qualified, toSql } from './postgres-sql';
import { fromJsonb, toJsonb, toStored } from './postgres-text';

const MAX_QUERY_SHAPES = 1_000;

/** The store operations on one connection (inside a unit, or a lone read). */
export function txOperations(schema: string, tables: Record<string, TableDef>) {
  const tableOf = (name: string) => {
    const def = tables[name];
    if (!def) throw new Error(`Unknown table ${name}`);
    return { def, sql: qualified(schema, name) };
  };
  const queryNames = new Map<string, string>();
  /**
   * Queries run as named (prepared) statements, like the point operations: PostgreSQL parses and
   * plans each text once per connection instead of at every run (a webhook lane's head: a third
   * of the database's CPU it took unnamed). Texts vary only with the query's shape, a few dozen;
   * past MAX_QUERY_SHAPES a new one runs unnamed.
   */
  const nameOf = (text: string) => {
    let name = queryNames.get(text);
    if (!name && queryNames.size < MAX_QUERY_SHAPES)
      queryNames.set(text, (name = `query ${queryNames.size + 1}`));
    return name;
  };
  return (client: PoolClient): StoreTx => ({
    async get<T extends Doc>(table: string, key: string): Promise<T | undefined> {
      const { sql } = tableOf(table);
      const { rows } = await client.query<{ doc: string }>({
        name: `get ${table}`,
        text: `SELECT doc FROM ${sql} WHERE id = $1`,
        values: [toStored(key)],
      });
      const row = rows[0];
      return row ? fromJsonb<T>(row.doc) : undefined;
    },
    async reread<T extends Doc>(table: string, key: string, seen: T, versionField: string) {
      const version = seen[versionField];
      if (typeof version !== 'number') return this.get<T>(table, key);
      const { sql } = tableOf(table);
      // The row is read either way (SERIALIZABLE sees the read); its document only when it moved.
      const { rows } = await client.query<{ doc: string | null }>({
        name: `reread ${table}`,
        text: `SELECT CASE WHEN doc -> $2 = to_jsonb($3::numeric) THEN NULL ELSE doc END AS doc FROM ${sql} WHERE id = $1`,
        values: [toStored(key), versionField, version],
      });
      const row = rows[0];
      if (!row) return undefined;
      return row.doc === null ? seen : fromJsonb<T>(row.doc);
    },
    async query<T extends Doc>(table: string, query: Query) {
      const { def } = tableOf(table);
      const { sql, params } = toSql(schema, table, def, query);
      const name = nameOf(sql);
      const { rows } = await client.query<{ doc: string }>(
        name ? { name, text: sql, values: params } : { text: sql, values: params },
      );
      return rows.map((row) => fromJsonb<T>(row.doc));
    },
    async putIfUnchanged(table, doc, seen, versionField) {
      const version = seen[versionField];
      if (typeof version !== 'number') return false;
      const { def, sql } = tableOf(table);
      const key = doc[def.key];
      if (typeof key !== 'string') throw new Error(`${table}: document has no string key`);
      if (seen[def.key] !== key) throw new Error(`${table}: ${key} written over another row`);
      const { rowCount } = await client.query({
        name: `put unchanged ${table}`,
        text: `UPDATE ${sql} SET doc = $2 WHERE id = $1 AND doc -> $3 = to_jsonb($4::numeric)`,
        values: [toStored(key), toJsonb(doc), versionField, version],
      });
      return rowCount === 1;
    },
    async insertIfAbsent<T extends Doc>(table: string, doc: T): Promise<T | undefined> {
      const { def, sql } = tableOf(table);
      const key = doc[def.key];
      if (typeof key !== 'string') throw new Error(`${table}: document has no string key`);
      // The row is read only when the insert found it there: NOT EXISTS (inserted) is a one-time
      // filter, so an insert that took places no SIREAD lock on the key's index page.
      const { rows } = await client.query<{ doc: string }>({
        name: `insert if absent ${table}`,
        text: `WITH inserted AS (INSERT INTO ${sql} (id, doc) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING 1)
          SELECT doc FROM ${sql} WHERE NOT EXISTS (SELECT 1 FROM inserted) AND id = $1`,
        values: [toStored(key), toJsonb(doc)],
      });
      const row = rows[0];
      return row ? fromJsonb<T>(row.doc) : undefined;
    },
    async put(table, doc) {
      const { def, sql } = tableOf(table);
      const key = doc[def.key];
      if (typeof key !== 'string') throw new Error(`${table}: document has no string key`);
      await client.query({
        name: `put ${table}`,
        text: `INSERT INTO ${sql} (id, doc) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc`,
        values: [toStored(key), toJsonb(doc)],
      });
    },
    async delete(table, key) {
      const { sql } = tableOf(table);
      await client.query({
        name: `delete ${table}`,
        text: `DELETE FROM ${sql} WHERE id = $1`,
        values: [toStored(key)],
      });
    },
  });
}
