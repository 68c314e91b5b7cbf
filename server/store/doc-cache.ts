import type { Doc } from '../../engine/index';
import { RowMap } from './row-map';

export interface DocCacheOptions {
  /**
   * PRAGMA data_version of the connection that commits: it moves when another connection commits,
   * never for this one's own commits.
   */
  dataVersion: () => number;
  maxEntries?: number;
  /** Upper bound on staleness should an outside commit slip past the version checks. */
  ttlMs?: number;
  /** How often (ms) the data version is looked at, at most; 0 = on every read. */
  checkEveryMs?: number;
  now?: () => number;
}

/**
 * How soon a commit by another process (the CLI revoking a key) empties the cache, at most. Each
 * look at the data version takes a read lock (two fcntl calls, a stat): ~3 µs alone, 10-13 µs in
 * a busy server, where looking once a millisecond cost 2.7 µs a create.
 */
export const OUTSIDE_COMMITS_SEEN_WITHIN_MS = 10;

interface Entry {
  doc: Doc;
  at: number;
}

/** A read of one document from the database, to be remembered once it is durable. */
export interface Read {
  readonly table: string;
  readonly id: string;
}

/** Freezes a parsed document and all it holds: shared read-only, a change made by mistake throws. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * Parsed documents by table and key, so hot reads skip SQLite and JSON.parse. This process's own
 * commits update it (write-through); a commit by any other process (the CLI revoking a key, say)
 * moves SQLite's data_version and empties it. Cached documents are frozen: callers must copy
 * before changing, which the engine always does.
 */
export function createDocCache(options: DocCacheOptions) {
  const now = options.now ?? (() => performance.now());
  const maxEntries = options.maxEntries ?? 50_000;
  const ttl = options.ttlMs ?? 2_000;
  const checkEvery = options.checkEveryMs ?? OUTSIDE_COMMITS_SEEN_WITHIN_MS;
  // One map per table, keyed by the document's id: a lookup hashes the id alone (a key read
  // again is the same string, its hash kept) instead of a table+id string built on every read.
  const tables = new Map<string, Map<string, Entry>>();
  let size = 0;
  // Reads under way, by table and id: a commit of ours writing the document, or any outside
  // commit, withdraws them, so that what they read is not remembered over a newer version.
  const reads = new RowMap<Read>();
  let known = options.dataVersion();
  let checkedAt = now();

  const tableOf = (table: string) => {
    let entries = tables.get(table);
    if (!entries) tables.set(table, (entries = new Map()));
    return entries;
  };

  function clear() {
    for (const entries of tables.values()) entries.clear();
    size = 0;
    reads.clear();
  }

  function forget(entries: Map<string, Entry>, id: string) {
    if (entries.delete(id)) size--;
  }

  /** Forgets everything if another connection committed since we last looked. */
  function sync(t: number) {
    if (t - checkedAt < checkEvery) return;
    checkedAt = t;
    const version = options.dataVersion();
    if (version !== known) {
      clear();
      known = version;
    }
  }

  /** Makes room for one more entry: the oldest of the table written to, else of any table. */
  function evictOne(entries: Map<string, Entry>) {
    const from = entries.size > 0 ? entries : [...tables.values()].find((e) => e.size > 0)!;
    forget(from, from.keys().next().value!);
  }

  return {
    get(table: string, id: string): Doc | undefined {
      const t = now();
      sync(t);
      const entries = tables.get(table);
      const entry = entries?.get(id);
      if (!entry) return undefined;
      if (t - entry.at > ttl) {
        forget(entries!, id);
        return undefined;
      }
      return entry.doc;
    },
    /** Call right before reading a document from the database; then `finish` with what it read. */
    reading(table: string, id: string): Read {
      const read = { table, id };
      reads.set(table, id, read); // a later read of the same document supersedes this one
      return read;
    },
    /**
     * Once what `read` found is durable: remembers it (frozen) unless, since the read, a commit of
     * ours wrote that document, another connection committed, or a later read superseded it.
     */
    finish<T extends Doc>(read: Read, doc: T | undefined): T | undefined {
      if (reads.get(read.table, read.id) !== read) return doc;
      reads.delete(read.table, read.id);
      return doc === undefined ? doc : this.remember(read.table, read.id, doc);
    },
    /** Remembers a document read from the database; returns it frozen. */
    remember<T extends Doc>(table: string, id: string, doc: T): T {
      const entries = tableOf(table);
      if (!entries.has(id)) {
        if (size >= maxEntries) evictOne(entries);
        size++;
      }
      entries.set(id, { doc: deepFreeze(doc), at: now() });
      return doc;
    },
    /**
     * Call right after our COMMIT with what it wrote: those keys are forgotten (cheaper than
     * caching what may never be read; the next read caches it).
     */
    afterCommit(writes: Iterable<readonly [table: string, id: string]>) {
      // Nothing cached (a store only written to, like the monitor's rounds): nothing to forget.
      if (size === 0 && reads.size === 0) return;
      for (const [table, id] of writes) {
        const entries = tables.get(table);
        if (entries) forget(entries, id);
        if (reads.size > 0) reads.delete(table, id);
      }
    },
    clear,
    /** How many documents are held (tests). */
    size: () => size,
  };
}
