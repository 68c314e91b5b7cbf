import type { Doc } from '../../engine/index';

export interface DocCacheOptions {
  /** PRAGMA data_version of the read connection: it moves when another connection commits. */
  dataVersion: () => number;
  maxEntries?: number;
  /** Upper bound on staleness should an outside commit slip past the version checks. */
  ttlMs?: number;
  /** How often (ms) the data version is looked at; 0 = on every read. */
  checkEveryMs?: number;
  now?: () => number;
}

interface Entry {
  doc: Doc;
  at: number;
}

function deepFreeze<T>(value: T): T {
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
  const checkEvery = options.checkEveryMs ?? 1;
  const entries = new Map<string, Entry>();
  let known = options.dataVersion();
  let checkedAt = now();

  const keyOf = (table: string, id: string) => `${table}\u0000${id}`;

  /** Forgets everything if another connection committed since we last looked. */
  function sync(force = false) {
    const t = now();
    if (!force && t - checkedAt < checkEvery) return;
    checkedAt = t;
    const version = options.dataVersion();
    if (version !== known) {
      entries.clear();
      known = version;
    }
  }

  return {
    get(table: string, id: string): Doc | undefined {
      sync();
      const entry = entries.get(keyOf(table, id));
      if (!entry) return undefined;
      if (now() - entry.at > ttl) {
        entries.delete(keyOf(table, id));
        return undefined;
      }
      return entry.doc;
    },
    /** Remembers a document read from the database; returns it frozen. */
    remember<T extends Doc>(table: string, id: string, doc: T): T {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(keyOf(table, id), { doc: deepFreeze(doc), at: now() });
      return doc;
    },
    /** Call while holding the write lock, before COMMIT: drops the cache on outside commits. */
    beforeCommit() {
      sync(true);
    },
    /**
     * Call right after our COMMIT with what it wrote: those keys are forgotten (cheaper than
     * caching what may never be read; the next read caches it).
     */
    afterCommit(writes: Iterable<[string, string, Doc | null]>) {
      known = options.dataVersion();
      checkedAt = now();
      // Nothing cached (a store only written to, like the monitor's rounds): nothing to forget.
      if (entries.size === 0) return;
      for (const [table, id] of writes) entries.delete(keyOf(table, id));
    },
    clear: () => entries.clear(),
  };
}
