import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { createDexieStore } from '../../../engine/adapters/dexie';

/**
 * The Dexie store where IndexedDB is a global (as in the service worker): there Dexie.maxKey is
 * an array, and a query leaving two index fields open must not repeat one array object in its key.
 */
describe('Dexie store with a global IndexedDB', () => {
  it('queries a prefix that leaves two fields of a compound index open', async () => {
    expect(Array.isArray(Dexie.maxKey)).toBe(true);
    const schema = { items: { key: 'id', indexes: { by_owner_kind: ['owner', 'kind', 'id'] } } };
    const store = createDexieStore(`dexie-keys-${Date.now()}`, schema, 1);
    await store.transact(async (tx) => {
      await tx.put('items', { id: 'k1', owner: 'o1', kind: 'b' });
      await tx.put('items', { id: 'k2', owner: 'o1', kind: 'a' });
      await tx.put('items', { id: 'k3', owner: 'o2', kind: 'a' });
    });
    const found = await store.query('items', { index: 'by_owner_kind', prefix: ['o1'] });
    expect(found.map((doc) => doc.id)).toEqual(['k2', 'k1']);
    const after = await store.query('items', {
      index: 'by_owner_kind',
      prefix: ['o1'],
      range: { gt: 'a' },
    });
    expect(after.map((doc) => doc.id)).toEqual(['k1']);
    await store.close();
  });
});
