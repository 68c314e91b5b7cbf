import { describe, expect, it } from 'vitest';
import { createDocCache } from '../../server/store/doc-cache';

/** A cache on a hand-driven clock and data version (SQLite's PRAGMA data_version in the store). */
function cacheAt(options: { maxEntries?: number; ttlMs?: number } = {}) {
  const state = { t: 0, version: 1 };
  const cache = createDocCache({
    dataVersion: () => state.version,
    now: () => state.t,
    ...options,
  });
  return { cache, state };
}

describe('the SQLite store read cache', () => {
  it('answers a remembered document, frozen, and nothing for one never read', () => {
    const { cache } = cacheAt();
    cache.remember('intents', 'int_1', { intent_id: 'int_1', nested: { a: 1 } });
    const doc = cache.get('intents', 'int_1') as { nested: { a: number } };
    expect(doc).toEqual({ intent_id: 'int_1', nested: { a: 1 } });
    expect(Object.isFrozen(doc) && Object.isFrozen(doc.nested)).toBe(true);
    expect(cache.get('intents', 'int_2')).toBeUndefined();
  });

  it('keeps tables apart: the same id in two tables is two documents', () => {
    const { cache } = cacheAt();
    cache.remember('intents', 'x', { table: 'intents' });
    cache.remember('watches', 'x', { table: 'watches' });
    expect(cache.get('intents', 'x')).toEqual({ table: 'intents' });
    expect(cache.get('watches', 'x')).toEqual({ table: 'watches' });
    expect(cache.get('events', 'x')).toBeUndefined();
  });

  it('forgets everything once another connection committed (the data version moved)', () => {
    const { cache, state } = cacheAt();
    cache.remember('api_keys', 'k', { revoked_at: null });
    state.version = 2; // `keys revoke` in another process
    state.t += 1; // the version is looked at once per millisecond at most
    expect(cache.get('api_keys', 'k')).toBeUndefined();
    expect(cache.size()).toBe(0);
  });

  it('looks at the data version before a commit whatever the time', () => {
    const { cache, state } = cacheAt();
    cache.remember('api_keys', 'k', { revoked_at: null });
    state.version = 2;
    cache.beforeCommit();
    expect(cache.get('api_keys', 'k')).toBeUndefined();
  });

  it('forgets what our own commit wrote and keeps the rest', () => {
    const { cache, state } = cacheAt();
    cache.remember('intents', 'a', { v: 1 });
    cache.remember('intents', 'b', { v: 1 });
    cache.beforeCommit();
    cache.afterCommit([['intents', 'a']]); // our own commit leaves the data version alone
    state.t += 5;
    expect(cache.get('intents', 'a')).toBeUndefined();
    expect(cache.get('intents', 'b')).toEqual({ v: 1 });
    expect(cache.size()).toBe(1);
  });

  it('drops an entry older than its time to live', () => {
    const { cache, state } = cacheAt({ ttlMs: 100 });
    cache.remember('intents', 'a', { v: 1 });
    state.t = 100;
    expect(cache.get('intents', 'a')).toEqual({ v: 1 });
    state.t = 101;
    expect(cache.get('intents', 'a')).toBeUndefined();
    expect(cache.size()).toBe(0);
  });

  it('holds at most maxEntries, across tables, evicting the oldest first', () => {
    const { cache } = cacheAt({ maxEntries: 3 });
    cache.remember('intents', 'a', { n: 1 });
    cache.remember('intents', 'b', { n: 2 });
    cache.remember('watches', 'w', { n: 3 });
    cache.remember('intents', 'a', { n: 4 }); // already held: nothing evicted
    expect(cache.size()).toBe(3);
    cache.remember('intents', 'c', { n: 5 });
    expect(cache.size()).toBe(3);
    expect(cache.get('intents', 'a')).toBeUndefined();
    expect(cache.get('intents', 'c')).toEqual({ n: 5 });
    cache.remember('events', 'e', { n: 6 }); // a new table takes room from another
    expect(cache.size()).toBe(3);
    expect(cache.get('events', 'e')).toEqual({ n: 6 });
  });
});
