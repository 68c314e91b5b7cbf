import type Database from 'better-sqlite3';
import type { IndexValue, Query, TableDef } from '../../engine/index';
import { columnFields, columnOf } from './sqlite-schema';

/** Index columns hold strings and numbers only; anything else leaves the row out of the index. */
export type ColumnValue = string | number | null;

export const indexable = (value: unknown): ColumnValue =>
  typeof value === 'string' || typeof value === 'number' ? value : null;

/** The prepared statements of one table on one connection, built once. */
export function tableStatements(db: Database.Database, table: string, def: TableDef) {
  const fields = columnFields(def);
  if (fields.length > 30)
    throw new Error(`${table}: too many indexed fields (updateChanged masks)`);
  /** A field's value in the stored row: its column if it has one, else read off the JSON. */
  const stored = (field: string) =>
    fields.includes(field) ? columnOf(field) : `json_extract(doc, '$.${JSON.stringify(field)}')`;
  const columns = ['doc', ...fields.map(columnOf)];
  const excluded = columns.map((c) => `${c} = excluded.${c}`).join(', ');
  const updates = new Map<string, Database.Statement>();
  const rereads = new Map<string, Database.Statement>();
  return {
    fields,
    get: db.prepare(`SELECT doc FROM "${table}" WHERE id = ?`).pluck(),
    // An upsert, not INSERT OR REPLACE: an update then touches only the indexes whose columns
    // changed, instead of deleting and re-inserting the row in every index.
    upsert: db.prepare(
      `INSERT INTO "${table}" (id, ${columns.join(', ')}) VALUES (?, ${columns.map(() => '?').join(', ')}) ON CONFLICT(id) DO UPDATE SET ${excluded}`,
    ),
    delete: db.prepare(`DELETE FROM "${table}" WHERE id = ?`),
    /** The row's document, or NULL when its `field` is the value bound (it is unchanged). */
    unlessVersion: (field: string) => {
      let statement = rereads.get(field);
      if (!statement) {
        statement = db
          .prepare(
            `SELECT CASE WHEN ${stored(field)} IS ? THEN NULL ELSE doc END FROM "${table}" WHERE id = ?`,
          )
          .pluck();
        rereads.set(field, statement);
      }
      return statement;
    },
    /**
     * UPDATEs setting the document and only the index columns whose values changed (bit i of the
     * mask = fields[i]): SQLite rewrites an index whenever its columns are assigned, changed or not.
     * With `versionField`, the row is updated only while that field of its document is the value
     * bound after the key.
     */
    updateChanged: (mask: number, versionField?: string) => {
      const name = versionField === undefined ? String(mask) : `${mask} ${versionField}`;
      let statement = updates.get(name);
      if (!statement) {
        const set = [
          'doc = ?',
          ...fields.filter((_, i) => mask & (1 << i)).map((f) => `${columnOf(f)} = ?`),
        ];
        const unchanged = versionField === undefined ? '' : ` AND ${stored(versionField)} IS ?`;
        statement = db.prepare(`UPDATE "${table}" SET ${set.join(', ')} WHERE id = ?${unchanged}`);
        updates.set(name, statement);
      }
      return statement;
    },
  };
}

export type TableStatements = ReturnType<typeof tableStatements>;

/** SQL for a Query: equality on the prefix, bounds on the next field, index order. */
export function toSql(table: string, def: TableDef, query: Query) {
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
  // Docs missing any index field are not in the index (as in IndexedDB), which is partial
  // (sqlite-schema.ts indexSql): SQLite uses it only for a query that asks for them all present.
  for (const field of fields) where.push(`${columnOf(field)} IS NOT NULL`);
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  const orderBy = fields.slice(query.prefix.length).map((f) => `${columnOf(f)} ${direction}`);
  let sql = `SELECT doc FROM "${table}" WHERE ${where.join(' AND ')}`;
  if (orderBy.length > 0) sql += ` ORDER BY ${orderBy.join(', ')}`;
  // In the text, not bound: a LIMIT bound as a parameter makes a one-row lookup (by_url, say)
  // about three times slower in better-sqlite3. Few distinct limits are used: few statements.
  if (query.limit !== undefined) {
    if (!Number.isSafeInteger(query.limit) || query.limit < 0)
      throw new Error(`A query limit must be a whole number, not ${query.limit}`);
    sql += ` LIMIT ${query.limit}`;
  }
  return { sql, params };
}
