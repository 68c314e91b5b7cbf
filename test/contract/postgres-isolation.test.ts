import { afterEach, describe, expect, it } from 'vitest';
import { EngineError, TABLES, type Doc, type Store, type StoreTx } from '../../engine/index';
import type { EngineContext } from '../../engine/context';
import { claimIdempotent, saveIdempotent } from '../../engine/idempotency/records';
import { holdLease, takeLease } from '../../engine/execute/lease';
import { claimThese } from '../../engine/store/claims';
import { ensureWatch } from '../../engine/intents/watch';
import { openPostgresStore } from '../../server/store/postgres';
import { createTestPostgresStore, postgresUrl, type TestPostgresStore } from '../support/postgres';
import { CONTRACT_SCHEMA } from './store-contract';
import { wrapUnits } from '../support/wrap-units';

/**
 * What the PostgreSQL store's SERIALIZABLE units guarantee when several server instances (here:
 * stores with pools of their own) work on one database at the same time.
 */
describe('PostgreSQL store: concurrent units of several instances', () => {
  let first: TestPostgresStore;
  let second: Store;
  const open = async () => {
    first = await createTestPostgresStore(CONTRACT_SCHEMA);
    second = await openPostgresStore(postgresUrl(), CONTRACT_SCHEMA, {
      schema: first.schema,
      poolSize: 4,
    });
  };
  afterEach(async () => {
    await second.close();
    await first.close();
  });

  /** Resolves once `count` units arrived: makes them overlap, whatever the scheduling. */
  const barrier = (count: number) => {
    let arrived = 0;
    let open: () => void;
    const all = new Promise<void>((resolve) => (open = resolve));
    return () => {
      if (++arrived >= count) open();
      return all;
    };
  };

  it('runs units guarded by their writes side by side without a conflict, each row claimed once', async () => {
    await open();
    await first.transact(async (tx) => {
      for (let i = 0; i < 40; i++)
        await tx.put('items', { id: `r${String(i).padStart(2, '0')}`, owner: 'nobody', due: i });
    });
    const allRead = barrier(4);
    let runs = 0;
    // Each unit claims every row it read, the way store/claims.ts does: a compare-and-set on `due`.
    const claimAll = (store: Store, owner: string) =>
      store.transact(
        async (tx) => {
          runs++;
          const due = await tx.query<Doc>('items', {
            index: 'by_due',
            prefix: [],
            range: { lte: 100 },
          });
          await allRead();
          const taken: string[] = [];
          for (const doc of due) {
            if (await tx.putIfUnchanged!('items', { ...doc, due: 1_000, owner }, doc, 'due'))
              taken.push(doc.id as string);
          }
          return taken;
        },
        { guardedBy: 'writes' },
      );
    const owners = ['a', 'b', 'c', 'd'];
    const taken = await Promise.all(
      owners.map((owner, i) => claimAll(i % 2 ? second : first, owner)),
    );
    // SERIALIZABLE would have failed all but the first to write (and run them again).
    expect(runs).toBe(4);
    expect(taken.flat().sort()).toEqual(
      Array.from({ length: 40 }, (_, i) => `r${String(i).padStart(2, '0')}`),
    );
    for (const [i, owner] of owners.entries()) {
      for (const id of taken[i]!) expect(await first.get('items', id)).toMatchObject({ owner });
    }
  });

  it("gives a dead instance's execution lease to one of the instances taking it at once", async () => {
    await open(); // (closed after the test; this one needs the engine's tables)
    const store = await createTestPostgresStore(TABLES, { poolSize: 8 });
    try {
      await store.transact(async (tx) => {
        await tx.put('executions', { execution_id: 'exe_1', state: 'running' });
        await holdLease(tx, 'exe_1', 'dead', 1_000);
      });
      // Every taker has read the expired lease before any writes it.
      const allRead = barrier(6);
      const overlapping = wrapUnits(store, (tx) => ({
        ...tx,
        putIfUnchanged: async (...args) => {
          await allRead();
          return tx.putIfUnchanged!(...args);
        },
      }));
      const owners = ['a', 'b', 'c', 'd', 'e', 'f'];
      const took = await Promise.all(
        owners.map((owner) => takeLease(overlapping, 'exe_1', owner, 2_000, 60_000)),
      );
      expect(took.filter(Boolean)).toHaveLength(1);
      expect(await store.get('leases', 'execution:exe_1')).toMatchObject({
        owner: owners[took.indexOf(true)],
        until: 62_000,
      });
    } finally {
      await store.close();
    }
  });

  it('claims rows two instances chose in opposite orders at once without a deadlock', async () => {
    await open();
    await first.transact(async (tx) => {
      for (const id of ['r1', 'r2']) await tx.put('items', { id, owner: 'nobody', due: 0 });
    });
    const rows = [(await first.get('items', 'r1'))!, (await first.get('items', 'r2'))!];
    const spec = { table: 'items', key: 'id', index: 'by_due', dueField: 'due' };
    // Each unit's first claim is written before either unit goes on (or, when the other unit
    // waits on a row the first holds, after a moment): claimed in the order given, each would
    // hold the row the other wants next.
    let firstClaims = 0;
    const bothClaimedOnce = () =>
      new Promise<void>((resolve) => {
        const started = Date.now();
        const poll = () =>
          firstClaims >= 2 || Date.now() - started > 300 ? resolve() : setTimeout(poll, 5);
        poll();
      });
    let runs = 0;
    const claimIn = (store: Store, order: Doc[], owner: string) =>
      store.transact(
        (tx) => {
          runs++;
          let claims = 0;
          const paced: StoreTx = {
            ...tx,
            putIfUnchanged: async (...args) => {
              const written = await tx.putIfUnchanged!(...args);
              if (claims++ === 0) {
                firstClaims++;
                await bothClaimedOnce();
              }
              return written;
            },
          };
          return claimThese(paced, spec, order, { now: 0, leaseMs: 1_000, owner });
        },
        { guardedBy: 'writes' },
      );
    const [a, b] = await Promise.all([
      claimIn(first, rows, 'a'),
      claimIn(second, [...rows].reverse(), 'b'),
    ]);
    // A deadlock would have failed one unit (PostgreSQL picks a victim) and run it again.
    expect(runs).toBe(2);
    expect([...a, ...b].sort()).toEqual(['r1', 'r2']);
  });

  it('loses no update when instances read and write one document at the same time', async () => {
    await open();
    await first.transact((tx) => tx.put('items', { id: 'counter', owner: 'o', n: 0 }));
    const bothRead = barrier(2);
    const increment = (store: Store) =>
      store.transact(async (tx) => {
        const doc = (await tx.get<Doc>('items', 'counter'))!;
        await bothRead();
        await tx.put('items', { ...doc, n: (doc.n as number) + 1 });
      });
    await Promise.all([
      increment(first),
      increment(second),
      ...Array.from({ length: 10 }, (_, i) => increment(i % 2 ? first : second)),
    ]);
    expect(await first.get('items', 'counter')).toMatchObject({ n: 12 });
  });

  it('creates a document once when instances race to create it where it is absent', async () => {
    await open();
    const allLooked = barrier(6);
    let runs = 0;
    const createOnce = (store: Store, who: string) =>
      store.transact(async (tx) => {
        runs++;
        const existing = await tx.get<Doc>('items', 'once');
        await allLooked();
        if (existing) return existing.owner;
        await tx.put('items', { id: 'once', owner: who });
        await tx.put('other', { id: `created-by-${who}`, owner: 'log' });
        return who;
      });
    const winners = await Promise.all(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((who, i) => createOnce(i % 2 ? first : second, who)),
    );
    const created = await first.query<Doc>('other', { index: 'by_owner', prefix: ['log'] });
    expect(created).toHaveLength(1);
    expect(new Set(winners)).toEqual(new Set([(await first.get<Doc>('items', 'once'))!.owner]));
    expect(runs).toBeGreaterThan(6); // the losers ran again and found the winner's document
  });

  it('adds different idempotency records and watches at once without a conflict', async () => {
    // Keys that sort together land on one index page: a read of a missing key would lock that
    // page, and every unit adding its own key to it would then conflict with the others.
    const store = await createTestPostgresStore(TABLES, { poolSize: 8 });
    try {
      const ctx = { clock: { now: () => Date.now() } } as EngineContext;
      const allClaimed = barrier(8);
      let runs = 0;
      const create = (i: number) =>
        store.transact(async (tx) => {
          runs++;
          const scope = { id: `ptn_1:test|POST|/v1/intents|key-${i}`, requestHash: 'h' };
          expect(await claimIdempotent(tx, ctx, scope)).toBeUndefined();
          const url = `https://shop.example.com/products/p-${i}`;
          const watch = { watch_id: `test ${url}`, url, livemode: false, variant: null };
          await ensureWatch(tx, watch, ctx.clock.now());
          await allClaimed();
          await saveIdempotent(tx, ctx, scope, 201, `{"n":${i}}`, `req_${i}`);
        });
      await Promise.all(Array.from({ length: 8 }, (_, i) => create(i)));
      expect(runs).toBe(8);
      const saved = await store.get<Doc>('idempotency', 'ptn_1:test|POST|/v1/intents|key-3');
      expect(saved).toMatchObject({ status: 201, response: '{"n":3}', request_id: 'req_3' });
      expect(
        await store.get('watches', 'test https://shop.example.com/products/p-5'),
      ).toBeDefined();
    } finally {
      await store.close();
    }
  });

  it('refuses write skew: two units that each read both documents cannot both act on a stale view', async () => {
    await open();
    await first.transact(async (tx) => {
      await tx.put('items', { id: 'alice', owner: 'on_call', on: true });
      await tx.put('items', { id: 'bob', owner: 'on_call', on: true });
    });
    const bothRead = barrier(2);
    // Each may leave only if someone else stays on call.
    const leave = (store: Store, who: string) =>
      store.transact(async (tx: StoreTx) => {
        const on = (
          await tx.query<Doc>('items', { index: 'by_owner', prefix: ['on_call'] })
        ).filter((d) => d.on);
        await bothRead();
        if (on.length < 2) return;
        await tx.put('items', { id: who, owner: 'on_call', on: false });
      });
    await Promise.all([leave(first, 'alice'), leave(second, 'bob')]);
    const still = (
      await first.query<Doc>('items', { index: 'by_owner', prefix: ['on_call'] })
    ).filter((d) => d.on);
    expect(still).toHaveLength(1);
  });

  it('answers 503 service_unavailable with Retry-After when conflicts outlast the retry budget', async () => {
    first = await createTestPostgresStore(CONTRACT_SCHEMA, { conflictBudgetMs: 0 });
    second = await openPostgresStore(postgresUrl(), CONTRACT_SCHEMA, { schema: first.schema });
    await first.transact((tx) => tx.put('items', { id: 'hot', owner: 'o', n: 0 }));
    const allRead = barrier(4);
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, (_, i) =>
        (i % 2 ? first : second).transact(async (tx) => {
          const doc = (await tx.get<Doc>('items', 'hot'))!;
          await allRead();
          await tx.put('items', { ...doc, n: (doc.n as number) + 1 });
        }),
      ),
    );
    const refused = results.filter((r) => r.status === 'rejected').map((r) => r.reason);
    const applied = results.length - refused.length;
    expect(refused.length).toBeGreaterThan(0);
    for (const error of refused) {
      expect(error).toBeInstanceOf(EngineError);
      expect(error).toMatchObject({ code: 'service_unavailable', retryAfter: 1 });
      expect((error as Error).message).toMatch(/nothing was changed/);
    }
    expect(await first.get('items', 'hot')).toMatchObject({ n: applied });
  });
});
