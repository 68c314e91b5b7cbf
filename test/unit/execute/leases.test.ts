import { describe, expect, it } from 'vitest';
import {
  boot,
  crashOnceAt,
  call,
  engineOn,
  newWorld,
  ordersOf,
  SANDBOX,
  sandboxPurchase,
  setProduct,
  type World,
} from '../../support/world';

/**
 * Several engine instances on one store: an attempt is run by one of them at a time (its lease),
 * an instance that died leaves its attempts to the others once the lease runs out, and a monitor
 * round shares the due watches so that each page is fetched once.
 */

const LEASE_MS = 60_000;

/** A purchase that instance "a" starts and dies in, holding its lease. */
async function diedMidAttempt(sku: string) {
  const world = await newWorld({
    instanceId: 'a',
    failpoint: crashOnceAt('delegate_payment:started'),
  });
  await setProduct(world, sku, { price_cents: 9_000 });
  const id = (await call(world, 'POST', '/v1/intents', sandboxPurchase(sku))).body
    .intent_id as string;
  await world.engine.monitor!.round();
  await world.engine.executor.idle();
  expect(world.alive.value).toBe(false);
  return { world, id };
}

const executionsOf = async (world: World) =>
  (
    await Promise.all(
      ['running', 'awaiting_user', 'finished'].map((state) =>
        world.store.query<{ state: string }>('executions', { index: 'by_state', prefix: [state] }),
      ),
    )
  ).flat();

const statusOf = async (world: World, id: string) =>
  (await call(world, 'GET', `/v1/intents/${id}`)).body.status as string;

describe('execution leases', () => {
  it('another instance leaves a dead instance’s attempt alone until the lease runs out, then finishes it once', async () => {
    const { world, id } = await diedMidAttempt('lease-a');
    boot(world, { instanceId: 'b' });

    expect(await world.engine.executor.recover()).toBe(0);
    await world.engine.executor.idle();
    expect(await statusOf(world, id)).toBe('executing');

    world.clock.advance(LEASE_MS - 1);
    expect(await world.engine.executor.takeOver()).toBe(0);
    world.clock.advance(2);
    expect(await world.engine.executor.takeOver()).toBe(1);
    await world.engine.executor.idle();
    expect(await statusOf(world, id)).toBe('succeeded');
    expect(ordersOf(world, 'lease-a')).toHaveLength(1);
  });

  it('a restarted instance with the same name takes its attempt back at once', async () => {
    const { world, id } = await diedMidAttempt('lease-b');
    boot(world, { instanceId: 'a' });
    expect(await world.engine.executor.recover()).toBe(1);
    await world.engine.executor.idle();
    expect(await statusOf(world, id)).toBe('succeeded');
    expect(ordersOf(world, 'lease-b')).toHaveLength(1);
  });

  it('an instance whose lease was taken over while it waited to retry stops without writing', async () => {
    let releaseRetry!: () => void;
    const retryGate = new Promise<void>((resolve) => (releaseRetry = resolve));
    const world = await newWorld({ instanceId: 'a', sleep: () => retryGate });
    await setProduct(world, 'lease-c', { price_cents: 9_000 });
    const id = (await call(world, 'POST', '/v1/intents', sandboxPurchase('lease-c'))).body
      .intent_id as string;
    await world.sandbox.app.request(`${SANDBOX}/_control/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ next: [{ op: 'create', kind: 'error_500' }] }),
    });
    const slow = world.engine;
    await slow.monitor!.round(); // "a" starts, its create call fails, it sleeps before retrying

    world.clock.advance(LEASE_MS + 1);
    const other = engineOn(world, { value: true }, { instanceId: 'b' });
    expect(await other.executor.recover()).toBe(1);
    await other.executor.idle();
    expect(await statusOf(world, id)).toBe('succeeded');
    const events = (await call(world, 'GET', `/v1/intents/${id}/events?limit=100`)).body.events;
    const attempts = await executionsOf(world);
    expect(attempts.map((exec) => exec.state)).toEqual(['finished']);

    releaseRetry();
    await slow.executor.idle();
    expect(ordersOf(world, 'lease-c')).toHaveLength(1);
    expect(await statusOf(world, id)).toBe('succeeded');
    expect((await call(world, 'GET', `/v1/intents/${id}/events?limit=100`)).body.events).toEqual(
      events,
    );
    expect(await executionsOf(world)).toEqual(attempts);
  });
});

describe('monitor rounds on several instances', () => {
  async function watchedProducts(world: World, count: number) {
    const urls: string[] = [];
    for (let i = 0; i < count; i++) {
      const sku = `shared-${i}`;
      await setProduct(world, sku, { price_cents: 50_000 }); // above the limit: nobody buys
      await call(world, 'POST', '/v1/intents', sandboxPurchase(sku));
      urls.push(`${SANDBOX}/products/${sku}`);
    }
    return urls;
  }

  it('two instances running a round at once fetch each page once between them, and both work', async () => {
    const world = await newWorld({ instanceId: 'a', claimBatch: 3 });
    const urls = await watchedProducts(world, 24);
    const fetches = new Map<string, number>();
    world.onRequest = ({ url, method }) => {
      if (method === 'GET' && urls.includes(url)) fetches.set(url, (fetches.get(url) ?? 0) + 1);
    };
    const other = engineOn(world, { value: true }, { instanceId: 'b', claimBatch: 3 });

    const [a, b] = await Promise.all([world.engine.monitor!.round(), other.monitor!.round()]);

    expect([...fetches.values()]).toEqual(urls.map(() => 1));
    expect(fetches.size).toBe(urls.length);
    expect(a.fetches + b.fetches).toBe(urls.length);
    expect(a.fetches).toBeGreaterThan(0);
    expect(b.fetches).toBeGreaterThan(0);
  });

  it('pages claimed by an instance that died are checked by another once the claim runs out', async () => {
    const world = await newWorld({ instanceId: 'a' });
    const urls = await watchedProducts(world, 3);
    const { claimDueWatches } = await import('../../../engine/monitor/claim');
    await claimDueWatches(world.store, world.clock.now(), 100, 60_000, 'a'); // then "a" dies
    const other = engineOn(world, { value: true }, { instanceId: 'b' });

    expect((await other.monitor!.round(world.clock.now() + 59_999)).fetches).toBe(0);
    const later = await other.monitor!.round(world.clock.now() + 60_000);
    expect(later.fetches).toBe(urls.length);
  });

  it('a restart under the same name checks at once what its previous process had claimed', async () => {
    const world = await newWorld({ instanceId: 'a' });
    const urls = await watchedProducts(world, 3);
    const { claimDueWatches } = await import('../../../engine/monitor/claim');
    await claimDueWatches(world.store, world.clock.now(), 100, 60_000, 'a'); // then "a" dies

    const stranger = engineOn(world, { value: true }, { instanceId: 'b' });
    expect(await stranger.monitor!.releaseOwnClaims()).toBe(0);
    expect((await stranger.monitor!.round()).fetches).toBe(0);

    boot(world, { instanceId: 'a' });
    expect(await world.engine.monitor!.releaseOwnClaims()).toBe(urls.length);
    expect((await world.engine.monitor!.round()).fetches).toBe(urls.length);
  });
});
