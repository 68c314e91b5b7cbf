/** What `intent-server catalog import` did with a file: every row is counted once. */
export interface ImportReport {
  /** Rows that became a new catalog entry. */
  imported: number;
  /** Rows that matched an existing entry (and updated it, or changed nothing on a re-import). */
  merged: number;
  /** Rows left out, each with its 1-based line (CSV/JSON-lines) or index (JSON array) and why. */
  skipped: { line: number; reason: string }[];
}
