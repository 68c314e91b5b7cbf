/**
 * Values by table and row key, in two levels: a lookup hashes the key string itself (an id used
 * again keeps its hash) where a `table + key` string would be built and hashed on every call.
 */
export class RowMap<V> {
  private readonly tables = new Map<string, Map<string, V>>();
  private count = 0;

  get(table: string, key: string): V | undefined {
    return this.tables.get(table)?.get(key);
  }

  set(table: string, key: string, value: V): this {
    let rows = this.tables.get(table);
    if (!rows) this.tables.set(table, (rows = new Map()));
    const before = rows.size;
    rows.set(key, value);
    this.count += rows.size - before;
    return this;
  }

  /** Whether there was a value to delete. */
  delete(table: string, key: string): boolean {
    const deleted = this.tables.get(table)?.delete(key) ?? false;
    if (deleted) this.count--;
    return deleted;
  }

  clear(): void {
    if (this.count === 0) return;
    // Map#clear allocates a new table: only for the maps that hold something.
    for (const rows of this.tables.values()) if (rows.size > 0) rows.clear();
    this.count = 0;
  }

  get size(): number {
    return this.count;
  }
}
