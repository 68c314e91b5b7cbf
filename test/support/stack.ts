import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TABLES, type Store } from '../../engine/index';
import { startSandboxMerchant } from '../../server/sandbox-merchant/index';
import { openStore } from '../../server/store/choice';
import { startServer, type ServerProcess } from './server-process';

export type Sandbox = Awaited<ReturnType<typeof startSandboxMerchant>>;

export interface StackOptions {
  /** More sandbox shops, one per host (e.g. 127.0.0.2: its own merchant id), after 127.0.0.1. */
  shops?: string[];
  /** Writes to the store before the server starts (the catalog), given every shop. */
  seed?: (store: Store, shops: Sandbox[]) => Promise<void>;
}

/**
 * The whole product over real HTTP: the sandbox merchant in this process (so it survives server
 * crashes and tests can read its orders) and intent-server in a child process on a temp data dir
 * (or on the PostgreSQL database `databaseUrl`).
 */
export async function startStack(
  extraArgs: string[] = [],
  env: Record<string, string> = {},
  databaseUrl?: string,
  options: StackOptions = {},
) {
  const sandbox = await startSandboxMerchant({ port: 0, host: '127.0.0.1' });
  const others = await Promise.all(
    (options.shops ?? []).map((host) => startSandboxMerchant({ port: 0, host })),
  );
  const shops = [sandbox, ...others];
  const dataDir = mkdtempSync(join(tmpdir(), 'stack-'));
  const storeArgs = databaseUrl ? ['--database-url', databaseUrl] : ['--data', dataDir];
  if (options.seed) {
    const store = await openStore(
      databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'sqlite', dataDir },
      TABLES,
    );
    await options.seed(store, shops).finally(() => store.close());
  }
  const args = [
    ...storeArgs,
    ...shops.flatMap((shop) => ['--sandbox-url', shop.url]),
    '--check-interval',
    '1',
    ...extraArgs,
  ];
  let server: ServerProcess = await startServer(args, env);
  const key = server.output().match(/sk_test_[A-Za-z0-9]{32}/)![0];

  const api = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${server.baseUrl}/v1${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
    return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
  };

  /** The control API of the sandbox (or of another shop: `shop`). */
  const control = async (path: string, body?: unknown, shop: Sandbox = sandbox) => {
    const res = await fetch(`${shop.url}/_control${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
    return (await res.json()) as any;
  };

  let skuNo = 0;
  /** A new product at the sandbox, so that each test has its own page and stock. */
  const product = async (fields: {
    price_cents: number;
    availability?: string;
    currency?: string;
    stock_quantity?: number | null;
  }) => {
    const sku = `test-item-${process.pid}-${Date.now().toString(36)}-${skuNo++}`;
    await control(`/products/${sku}`, { name: `Test item ${skuNo}`, ...fields });
    return { sku, url: `${sandbox.url}/products/${sku}` };
  };

  /** Polls until `check` returns a value (not undefined), or fails after `timeoutMs`. */
  const until = async <T>(
    check: () => Promise<T | undefined>,
    timeoutMs = 20_000,
    what = 'condition',
  ): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await check();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const statusOf = async (id: string) => (await api('GET', `/intents/${id}`)).body.status as string;
  const waitForStatus = (id: string, statuses: string[], timeoutMs?: number) =>
    until(
      async () => {
        const status = await statusOf(id);
        return statuses.includes(status) ? status : undefined;
      },
      timeoutMs,
      `${id} to be ${statuses.join('|')}`,
    );

  const ordersFor = async (sku: string) =>
    ((await control('/orders')).data as { sku: string; totals: { total: number } }[]).filter(
      (o) => o.sku === sku,
    );

  return {
    sandbox,
    /** Every sandbox shop, the first being `sandbox`. */
    shops,
    key,
    get server() {
      return server;
    },
    api,
    control,
    product,
    until,
    statusOf,
    waitForStatus,
    ordersFor,
    /** Kills the server (SIGKILL by default) and starts it again on the same data. */
    async restart(signal: NodeJS.Signals = 'SIGKILL', moreArgs: string[] = []) {
      await server.stop(signal);
      server = await startServer([...args, ...moreArgs], env);
    },
    /** Resolves when the server process has exited (e.g. killed itself at a failpoint). */
    exited: () =>
      new Promise<number | null>((resolve) => {
        if (server.child.exitCode !== null || server.child.signalCode !== null)
          resolve(server.child.exitCode);
        else server.child.once('exit', (code) => resolve(code));
      }),
    dataDir,
    async stop() {
      await server.stop();
      await Promise.all(shops.map((shop) => shop.close()));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Stack = Awaited<ReturnType<typeof startStack>>;
