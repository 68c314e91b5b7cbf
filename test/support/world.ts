import {
  createAcpConnector,
  createEngine,
  createMemoryStore,
  TABLES,
  type Fetcher,
  type Store,
} from '../../engine/index';
import { createSandboxMerchant } from '../../server/sandbox-merchant/index';
import { fakeClock } from './clock';

/**
 * The whole purchase loop in process: the engine on a memory store and the sandbox merchant on
 * the same fake clock, called through their fetch handlers. An engine can "crash" (its store
 * handle dies, so its late promises cannot write) and a new one boot on the same store.
 */
export const SANDBOX = 'http://127.0.0.1:8081';
/** A second sandbox shop on its own host, so its own merchant id (`127.0.0.2`). */
export const SANDBOX_2 = 'http://127.0.0.2:8081';

export interface WorldOptions {
  /** false: this engine has no connector for the sandbox (started without it). */
  sandboxConnector?: boolean;
  /** Called at the executor's named points; throw to crash there. */
  failpoint?: (name: string) => void;
  /** How the executor waits between retries (default: not at all). */
  sleep?: (ms: number) => Promise<void>;
  /** The engine instance's name among those on the store (default: the executor's default). */
  instanceId?: string;
  /** Watches claimed per store transaction by a monitor round. */
  claimBatch?: number;
  /** The store (default: a new memory store); e.g. the API suite's, to run over every adapter. */
  store?: Store;
  /** More sandbox shops besides SANDBOX, by origin (e.g. SANDBOX_2). */
  shops?: string[];
}

export interface World {
  clock: ReturnType<typeof fakeClock>;
  sandbox: ReturnType<typeof createSandboxMerchant>;
  /** The other sandbox shops, by origin (WorldOptions.shops). */
  others: Map<string, ReturnType<typeof createSandboxMerchant>>;
  store: Store;
  engine: ReturnType<typeof createEngine>;
  alive: { value: boolean };
  key: string;
  /** Sees every request the engine sends the sandbox, before the sandbox does. */
  onRequest?: (request: { url: string; method: string }) => Promise<void> | void;
}

/** The sandbox shop serving a URL: SANDBOX or one of the others. */
export function shopAt(world: World, url: string) {
  const origin = new URL(url).origin;
  if (origin === SANDBOX) return world.sandbox;
  const shop = world.others.get(origin);
  if (!shop) throw new Error(`no sandbox shop at ${origin}`);
  return shop;
}

const isShop = (world: World, origin: string) => origin === SANDBOX || world.others.has(origin);

/** The sandbox shops over their fetch handlers, as the engine's Fetcher. */
function sandboxFetcher(world: () => World): Fetcher {
  return {
    async fetch({ url, method = 'GET', headers, body }) {
      await world().onRequest?.({ url, method });
      const res = await shopAt(world(), url).app.request(url, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
      });
      return {
        status: res.status,
        url,
        headers: Object.fromEntries(res.headers),
        body: await res.text(),
      };
    },
  };
}

/** A store handle that dies with its engine: a crashed engine's late promises cannot write. */
function mortal(store: Store, alive: { value: boolean }): Store {
  const check = () => {
    if (!alive.value) throw new Error('crashed');
  };
  return {
    get: (t, k) => (check(), store.get(t, k)),
    query: (t, q) => (check(), store.query(t, q)),
    transact: (work) => (check(), store.transact(work)),
    close: async () => {},
  };
}

/** Starts an engine on the world's store (again, after a crash). */
export function boot(world: World, options: WorldOptions = {}) {
  world.alive = { value: true };
  world.engine = engineOn(world, world.alive, options);
}

/** An engine on the world's store and sandbox, alive while `alive.value` (one more instance). */
export function engineOn(world: World, alive: { value: boolean }, options: WorldOptions = {}) {
  const fetcher = sandboxFetcher(() => world);
  return createEngine({
    store: mortal(world.store, alive),
    clock: world.clock,
    fetcherFor: () => fetcher,
    ...(options.instanceId ? { instanceId: options.instanceId } : {}),
    connectorFor: (merchant, livemode, url) => {
      // Without a page (a procurement buying by sku), the merchant id names the sandbox.
      const origin =
        url === null ? (merchant === '127.0.0.1' ? SANDBOX : null) : new URL(url).origin;
      return options.sandboxConnector !== false && !livemode && origin && isShop(world, origin)
        ? createAcpConnector(
            { merchantId: merchant, baseUrl: origin, apiKey: 'sandbox_merchant_key' },
            fetcher,
          )
        : null;
    },
    monitor: {
      intervalMs: 60_000,
      jitter: 0,
      ...(options.claimBatch ? { claimBatch: options.claimBatch } : {}),
    },
    executor: {
      sleep: options.sleep ?? (async () => {}),
      maxRetries: 1,
      recheckMs: 0,
      ...(options.failpoint
        ? {
            failpoint: (name: string) => {
              try {
                options.failpoint!(name);
              } catch (error) {
                alive.value = false;
                throw error;
              }
            },
          }
        : {}),
    },
    api: { rateLimit: false },
  });
}

export async function newWorld(options: WorldOptions = {}): Promise<World> {
  const clock = fakeClock(Date.parse('2026-11-22T10:00:00Z'));
  const world = {
    clock,
    sandbox: createSandboxMerchant({ now: clock.now, baseUrl: SANDBOX }),
    others: new Map(
      (options.shops ?? []).map((origin) => [
        origin,
        createSandboxMerchant({ now: clock.now, baseUrl: origin }),
      ]),
    ),
    store: options.store ?? createMemoryStore(TABLES),
  } as unknown as World;
  boot(world, options);
  world.key = (await world.engine.keys.create('world')).key;
  return world;
}

/** Kills the running engine and boots another on the same data, which recovers every attempt. */
export async function crashAndRestart(world: World, options: WorldOptions = {}) {
  world.alive.value = false;
  await world.engine.executor.stop().catch(() => {});
  boot(world, options);
  await world.engine.executor.recover();
  await world.engine.executor.idle();
}

export async function call(world: World, method: string, path: string, body?: unknown) {
  const res = await world.engine.fetch(
    new Request(`http://engine${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${world.key}`,
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    }),
  );
  return {
    status: res.status,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
    body: (await res.json()) as any,
  };
}

/** One monitor round, then every attempt it started runs to its next stop. */
export async function settle(world: World) {
  await world.engine.monitor!.round();
  await world.engine.executor.idle();
}

/** Sets a sandbox product's offer (creating the product on first use), at SANDBOX or `shop`. */
export async function setProduct(
  world: World,
  sku: string,
  offer: Record<string, unknown>,
  shop = SANDBOX,
) {
  const res = await shopAt(world, shop).app.request(`${shop}/_control/products/${sku}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: sku, ...offer }),
  });
  if (res.status >= 300) throw new Error(await res.text());
}

/** Orders a sandbox shop (SANDBOX by default) placed for one product. */
export const ordersOf = (world: World, sku: string, shop = SANDBOX) =>
  shopAt(world, shop).state.orders.filter((order) => order.lines.some((line) => line.sku === sku));

/** A purchase of a sandbox product; override any part. */
export function sandboxPurchase(sku: string, overrides: Record<string, unknown> = {}) {
  return {
    type: 'purchase',
    external_user_id: 'world',
    objective: { product: { product_url: `${SANDBOX}/products/${sku}` } },
    conditions: { max_price_cents: 12_000, currency: 'USD' },
    guardrails: { allowed_merchants: ['127.0.0.1'] },
    payment: { payment_method_id: 'pm_card_visa', max_charge_cents: 15_000 },
    ...overrides,
  };
}

/** A failpoint that crashes the engine the first time it reaches `point`. */
export function crashOnceAt(point: string) {
  let armed = true;
  return (name: string) => {
    if (!armed || name !== point) return;
    armed = false;
    throw new Error(`crash at ${name}`);
  };
}
