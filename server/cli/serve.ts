import { serve as serveHttp, type ServerType } from '@hono/node-server';
import { CoalescedResponse } from '../http/coalesced-response';
import { turnBatched } from '../http/turn-batched';
import { DEFAULT_RATE_LIMIT } from '../../engine/index';
import { createServerApp } from '../http/app';
import { wireMerchants } from '../merchants';
import { createNodeEngine, type NodeEngine } from '../node-engine';
import { DEFAULT_SANDBOX_API_KEY, startSandboxMerchant } from '../sandbox-merchant/index';
import { failpointFromEnv } from '../failpoint';
import { nodeScheduler } from '../scheduler';
import { wireWebhookFetchers } from '../webhook-fetchers';
import { describeStore } from '../store/choice';
import { holdServeLock } from '../store/serve-lock';
import { openDataDir } from '../data-dir';
import { changedAnything, describeReport } from '../store/migrations';
import { hostname } from 'node:os';
import { intFlag, parseFlags, portFlag, UsageError } from './args';
import { readKeyFile } from './key-file';
import { createCityGazetteer } from '../catalog/gazetteer';
import { loadSamplesOnce } from '../catalog/samples';
import { STORE_FLAGS, storeChoiceFrom } from './store-flags';

const HOUR = 60 * 60 * 1000;
/** How long after start-up the city gazetteer is read. */
const GAZETTEER_WARM_DELAY_MS = 30_000;

export async function serveCommand(args: string[]) {
  const { values } = parseFlags(args, {
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    ...STORE_FLAGS,
    'sandbox-port': { type: 'string' },
    'no-sandbox': { type: 'boolean', default: false },
    'sandbox-url': { type: 'string', multiple: true },
    'check-interval': { type: 'string' },
    'allow-private-network': { type: 'boolean', default: false },
    'rate-limit': { type: 'string' },
    'receipt-key': { type: 'string' },
    'instance-id': { type: 'string' },
    'lease-seconds': { type: 'string' },
    'webhook-interval-ms': { type: 'string' },
    'no-samples': { type: 'boolean', default: false },
  });
  const port = portFlag(values.port ?? process.env.PORT, 'port', 8080);
  const sandboxPort = portFlag(values['sandbox-port'], 'sandbox-port', 8081);
  const perSecond = intFlag(
    values['rate-limit'] ?? process.env.INTENT_RATE_LIMIT,
    'rate-limit',
    DEFAULT_RATE_LIMIT.perSecond,
  );
  const checkSeconds = Math.max(1, intFlag(values['check-interval'], 'check-interval', 60));
  const storeChoice = storeChoiceFrom(values);
  const lock =
    storeChoice.kind === 'sqlite' ? holdServeLock(openDataDir(storeChoice.dataDir)) : null;
  const instanceId = instanceIdFor(values['instance-id'], storeChoice.kind);
  const leaseSeconds = Math.max(1, intFlag(values['lease-seconds'], 'lease-seconds', 60));

  // --sandbox-url uses sandbox merchants that are already running (they survive our restarts);
  // repeated, several of them, each on its own host (127.0.0.2…) to be its own merchant.
  const external = (values['sandbox-url'] ?? []).map((url) => sandboxUrlFlag(url));
  const sandbox =
    values['no-sandbox'] || external.length > 0
      ? null
      : await startSandboxMerchant({ port: sandboxPort, host: '127.0.0.1' }).catch(
          (error: NodeJS.ErrnoException) => {
            throw listenError(error, '127.0.0.1', '--sandbox-port', sandboxPort);
          },
        );
  const sandboxUrls = sandbox ? [sandbox.url] : external;
  const merchants = wireMerchants({
    sandboxes: sandboxUrls.map((url) => ({ url, apiKey: DEFAULT_SANDBOX_API_KEY })),
    allowPrivateNetwork: values['allow-private-network'],
  });
  const webhookFetchers = wireWebhookFetchers({
    allowPrivateNetwork: values['allow-private-network'],
  });
  const webhookIntervalMs = Math.max(
    10,
    intFlag(values['webhook-interval-ms'], 'webhook-interval-ms', 250),
  );
  const gazetteer = createCityGazetteer();
  let engine: NodeEngine | null = null;
  let server: ServerType | null = null;
  try {
    engine = await createNodeEngine({
      store: storeChoice,
      storeHooks: {
        migrated: (report) => changedAnything(report) && console.log(describeReport(report)),
        onConnectionError: (error) => console.error('database:', (error as Error).message),
      },
      fetcherFor: merchants.fetcherFor,
      connectorFor: merchants.connectorFor,
      network: merchants.network,
      ...(values['receipt-key'] ? { receiptKey: readKeyFile(values['receipt-key']) } : {}),
      // A watch claim covers a whole batch of checks (a busy instance may take tens of seconds).
      monitor: { intervalMs: checkSeconds * 1000, claimLeaseMs: Math.max(60, leaseSeconds) * 1000 },
      instanceId,
      // Other processes (instances, `catalog import`) write the catalog too: index at start, poll.
      resolve: { gazetteer, shared: true },
      webhooks: {
        fetcherFor: webhookFetchers.fetcherFor,
        intervalMs: webhookIntervalMs,
        // Longer than a delivery's 15 s timeout, so that a slow endpoint is not sent to twice.
        claimLeaseMs: Math.max(30, leaseSeconds) * 1000,
        onError: (error) => console.error('webhooks:', error),
      },
      executor: {
        leaseMs: leaseSeconds * 1000,
        onError: (error) => console.error('executor:', error),
        failpoint: failpointFromEnv(),
      },
      api: {
        // 0 turns the limiter off (benchmarks, trusted single-tenant installs).
        rateLimit: perSecond === 0 ? false : { perSecond, burst: perSecond * 2 },
        onUnexpectedError: (error, requestId) => console.error(`[${requestId}]`, error),
      },
    });
    const keyFile = values['receipt-key'];
    // A key file that cannot sign stops the start, named by the flag that gave it.
    if (keyFile) await engine.ctx.signer().catch((error: Error) => fail(keyFile, error));
    server = await listen(turnBatched(createServerApp(engine).fetch), port, values.host);
    const address = server.address();
    const actualPort = typeof address === 'object' && address ? address.port : port;
    const base = `http://${values.host}:${actualPort}`;
    console.log(`Intent Commerce API: ${base}/v1  (reference: ${base}/docs)`);
    for (const url of sandboxUrls)
      console.log(`Sandbox merchant: ${url}  (e.g. ${url}/products/trail-runner-42)`);
    console.log(`${describeStore(storeChoice)}; checking product pages every ${checkSeconds} s`);
    console.log(`Instance: ${instanceId} (leases of ${leaseSeconds} s on claimed work)`);
    await printFirstKey(engine);
    const samples = values['no-samples'] ? null : await loadSamplesOnce(engine);
    if (samples)
      console.log(
        `Loaded the sample catalog: ${samples.venues} venues and ${samples.facilities} appointment facilities (--no-samples to skip).`,
      );
    await engine.start(nodeScheduler, Math.min(1000, checkSeconds * 1000), (error) =>
      console.error('monitor:', error),
    );
    // The city gazetteer (2-3 s of CPU) is read once the instance has settled rather than by the
    // first search around a city; not at start-up, where it would slow a restarted instance's
    // recovery and take-overs (and a short-lived process would read it for nothing).
    setTimeout(
      () => void gazetteer.warm().catch((error) => console.error('gazetteer:', error)),
      GAZETTEER_WARM_DELAY_MS,
    ).unref();
    console.log('Ready. Ctrl+C stops the server.');
  } catch (error) {
    // Whatever did start (listeners, the store) must not keep the process alive.
    if (server) await closeServer(server);
    await engine?.close().catch(() => {});
    await merchants.close();
    await webhookFetchers.close();
    await sandbox?.close();
    lock?.release();
    throw error;
  }
  // Constants from here on: the closures below need them non-null.
  const [started, listening] = [engine, server];

  const maintenance = setInterval(() => void started.maintain().catch(console.error), HOUR);
  const stop = async (signal: string) => {
    console.log(`${signal}: shutting down…`);
    clearInterval(maintenance);
    await closeServer(listening);
    await started.close();
    await merchants.close();
    await webhookFetchers.close();
    await sandbox?.close();
    lock?.release();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

/**
 * This process's name among the instances on one database (execution leases). SQLite serves one
 * process, whose restart takes its attempts back at once; on PostgreSQL each process is its own
 * instance unless `--instance-id` gives it a name that outlives a restart.
 */
function instanceIdFor(flag: string | undefined, store: 'sqlite' | 'postgres'): string {
  if (flag !== undefined) {
    if (!/^[A-Za-z0-9._:-]{1,64}$/.test(flag))
      throw new UsageError('--instance-id: 1–64 letters, digits, ".", "_", ":" or "-".');
    return flag;
  }
  return store === 'sqlite' ? 'default' : `${hostname()}-${process.pid}`;
}

function sandboxUrlFlag(value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value.replace(/\/+$/, '');
  } catch {
    // refused below
  }
  throw new UsageError(`--sandbox-url must be an http(s) URL (got '${value}').`);
}

function fail(keyFile: string, error: Error): never {
  throw new Error(`--receipt-key ${keyFile}: ${error.message}`);
}

/** A newcomer can call the API at once: a fresh data dir gets one test key, printed once. */
async function printFirstKey(engine: NodeEngine) {
  if ((await engine.keys.list()).length > 0) {
    console.log(
      'API keys: see `intent-server keys list`; create one with `intent-server keys create --partner NAME`.',
    );
    return;
  }
  const { key } = await engine.keys.create('default', false);
  console.log('Test API key (shown only now):');
  console.log(`  ${key}`);
}

function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  port: number,
  hostname: string,
) {
  return new Promise<ServerType>((resolve, reject) => {
    const server = serveHttp(
      { fetch, port, hostname, serverOptions: { ServerResponse: CoalescedResponse } },
      () => resolve(server),
    );
    server.once('error', (error) => reject(listenError(error, hostname, '--port', port)));
  });
}

/** A listen failure named by the flags that chose the address, with what to do about it. */
function listenError(
  error: NodeJS.ErrnoException,
  host: string,
  flag: '--port' | '--sandbox-port',
  port: number,
): Error {
  const why =
    error.code === 'EADDRINUSE'
      ? `another process listens there; stop it or choose another ${flag}`
      : error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND'
        ? 'this machine has no such address; give --host an address of its own, e.g. 127.0.0.1'
        : error.message;
  return new Error(`Cannot listen on --host ${host} ${flag} ${port} (${error.code}): ${why}.`);
}

function closeServer(server: ServerType) {
  return new Promise<void>((resolve) => {
    const force = setTimeout(() => {
      if ('closeAllConnections' in server) server.closeAllConnections();
      resolve();
    }, 5000);
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  });
}
