import type { Doc, StoreTx } from '../ports';

/**
 * Writes `doc` unless a row with its key (`doc[keyField]`) exists; answers that row, or undefined
 * when `doc` was written. The store's own insertIfAbsent where it has one (PostgreSQL: no lock on
 * the missing key's index page), else `get` then `put`.
 */
export async function insertIfAbsent<T extends Doc>(
  tx: StoreTx,
  table: string,
  keyField: string,
  doc: T,
): Promise<T | undefined> {
  if (tx.insertIfAbsent) return tx.insertIfAbsent(table, doc);
  const existing = await tx.get<T>(table, doc[keyField] as string);
  if (!existing) await tx.put(table, doc);
  return existing;
}
