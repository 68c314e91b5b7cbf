import { indexable, type TableStatements } from '../server/store/sqlite-sql';

/**
 * A row as the floors write it: the document's JSON and its index columns, upserted with the
 * statement our SQLite store uses, and nothing around it.
 */
export const writeRow = (statements: TableStatements, id: string, doc: Record<string, unknown>) =>
  statements.upsert.run(
    id,
    JSON.stringify(doc),
    ...statements.fields.map((f) => indexable(doc[f])),
  );

/**
 * An id as long as ours and rising as ours do (a ULID's time then random part, 26 characters
 * after its prefix), so that rows and their index entries are the size ours are; made cheaply,
 * without our id source.
 */
export const sameShapeId = (prefix: string, n: number) =>
  `${prefix}_${String(n).padStart(26, '0')}`;

/** The one API key the contract's floor (bench/floor-server.ts, POST /contract) knows. */
export const CONTRACT_FLOOR_KEY = `sk_test_${'c'.repeat(32)}`;
