import { describe, expect, it } from 'vitest';
import {
  createDocCache,
  OUTSIDE_COMMITS_SEEN_WITHIN_MS as LOOK_EVERY,
} from '../../server/store/doc-cache';

/** A cache on a hand-driven clock and data version (SQLite's PRAGMA data_version in the store). */
function cacheAt(options: { maxEntries?: number; ttlMs?: number } = {}) {
  const state = { t: 0, version: 1, looks: 0 };
  const cache = createDocCache({
    dataVersion: () => (state.looks++, state.version),
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
    state.t += LOOK_EVERY;
    expect(cache.get('api_keys', 'k')).toBeUndefined();
    expect(cache.size()).toBe(0);
  });

  it('looks at the data version at most once in its interval, and at once when it is over', () => {
    const { cache, state } = cacheAt();
    cache.remember('api_keys', 'k', { revoked_at: null });
    for (let i = 0; i < 100; i++) cache.get('api_keys', 'k');
    cache.afterCommit([['intents', 'a']]);
    expect(state.looks).toBe(1); // the one at creation
    state.version = 2;
    state.t += LOOK_EVERY - 1;
    expect(cache.get('api_keys', 'k')).toEqual({ revoked_at: null });
    state.t += 1;
    expect(cache.get('api_keys', 'k')).toBeUndefined();
    expect(state.looks).toBe(2);
    expect(LOOK_EVERY).toBeLessThanOrEqual(1000); // revocation honoured within a second
  });

  it('forgets what our own commit wrote and keeps the rest', () => {
    const { cache, state } = cacheAt();
    cache.remember('intents', 'a', { v: 1 });
    cache.remember('intents', 'b', { v: 1 });
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

describe('the read cache and reads under way', () => {
  it('remembers what a read found once it is finished', () => {
    const { cache } = cacheAt();
    const read = cache.reading('api_keys', 'k');
    expect(cache.finish(read, { v: 1 })).toEqual({ v: 1 });
    expect(cache.get('api_keys', 'k')).toEqual({ v: 1 });
    expect(Object.isFrozen(cache.get('api_keys', 'k'))).toBe(true);
  });

  it('keeps what a read found across our commits of other documents meanwhile', () => {
    const { cache } = cacheAt();
    const read = cache.reading('api_keys', 'k');
    cache.afterCommit([
      ['intents', 'a'],
      ['api_keys', 'other'],
    ]);
    cache.finish(read, { v: 1 });
    expect(cache.get('api_keys', 'k')).toEqual({ v: 1 });
  });

  it('does not remember a read that a commit of ours wrote over meanwhile', () => {
    const { cache } = cacheAt();
    const read = cache.reading('api_keys', 'k');
    cache.afterCommit([['api_keys', 'k']]); // the key revoked by this process
    expect(cache.finish(read, { revoked_at: null })).toEqual({ revoked_at: null });
    expect(cache.get('api_keys', 'k')).toBeUndefined();
  });

  it('does not remember a read made before another connection committed', () => {
    const { cache, state } = cacheAt();
    const read = cache.reading('api_keys', 'k');
    state.version = 2; // `keys revoke` in another process, after the read...
    state.t += LOOK_EVERY;
    expect(cache.get('api_keys', 'other')).toBeUndefined(); // ...seen by a look at the version
    cache.finish(read, { revoked_at: null });
    expect(cache.get('api_keys', 'k')).toBeUndefined();
  });

  it('lets the latest of two reads of one document be the one remembered', () => {
    const { cache } = cacheAt();
    const first = cache.reading('api_keys', 'k');
    const second = cache.reading('api_keys', 'k');
    cache.finish(first, { v: 1 });
    expect(cache.get('api_keys', 'k')).toBeUndefined();
    cache.finish(second, { v: 2 });
    expect(cache.get('api_keys', 'k')).toEqual({ v: 2 });
  });

  it('remembers nothing for a read that found nothing', () => {
    const { cache } = cacheAt();
    expect(cache.finish(cache.reading('api_keys', 'k'), undefined)).toBeUndefined();
    expect(cache.size()).toBe(0);
  });
});
