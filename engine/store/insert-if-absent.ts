import type { Doc, StoreTx } from '../ports';

/**
 * Writes the document `make` builds unless a row with `key` exists; answers that row, or undefined
 * when the new document was written. The store's own insertIfAbsent where it has one (PostgreSQL:
 * no lock on the missing key's index page), else `get` then `put` — and then the document is only
 * built when it is written (a create's watch usually exists already).
 */
export async function insertIfAbsent<T extends Doc>(
  tx: StoreTx,
  table: string,
  key: string,
  make: () => T,
): Promise<T | undefined> {
  if (tx.insertIfAbsent) return tx.insertIfAbsent(table, make());
  const existing = await tx.get<T>(table, key);
  if (!existing) await tx.put(table, make());
  return existing;
}
