import { createApi, type ApiOptions } from './api/app';
import { createKeyUsage } from './auth/key-usage';
import { createApiKey, listApiKeys, revokeApiKey, rollApiKey, type KeyOptions } from './auth/keys';
import type { EngineContext, NetworkPolicy } from './context';
import { createExecutor, type ExecutorOptions } from './execute/executor';
import { createIdSource } from './ids';
import { purgeExpiredIdempotency } from './idempotency/records';
import { createMonitor, type MonitorOptions } from './monitor/monitor';
import type {
  Clock,
  Fetcher,
  IdSource,
  MerchantConnector,
  Scheduler,
  Signer,
  Store,
} from './ports';
import { rotateSigningKey } from './receipts/keyring';
import { attachCatalogIndex } from './resolve/catalog-index';
import {
  catalogStats,
  importFacilities,
  importProducts,
  importVenues,
  recordCapturedPage,
} from './resolve/catalog';
import type { Gazetteer } from './resolve/location';
import type { PlaceSighting } from './resolve/ingest-place';
import type { ProductSighting } from './resolve/ingest-product';
import type { Extraction } from './extract/types';
import type { FacilityKind } from './vocabulary';
import { withAfterCommit } from './store/after-commit';
import { fileSigner, storeSigner } from './receipts/signer';
import { createDispatcher, type DispatcherOptions } from './webhooks/dispatcher';
import { purgeOldAttempts } from './webhooks/retention';

export interface EngineOptions {
  store: Store;
  /**
   * This engine among the instances sharing the store: who holds leases on attempts and claims
   * on watches. A restart under the same name takes its own work back at once. Default `default`.
   */
  instanceId?: string;
  clock?: Clock;
  ids?: IdSource;
  api?: ApiOptions;
  /** Fetches product pages; with it the engine monitors intents. */
  fetcherFor?: (livemode: boolean, url: string) => Fetcher;
  /** API connectors by merchant; merchants without one use the assisted flow. */
  connectorFor?: (
    merchantId: string,
    livemode: boolean,
    productUrl: string | null,
  ) => MerchantConnector | null;
  monitor?: Partial<
    Omit<MonitorOptions, 'fetcherFor' | 'onExecute' | 'openExecution' | 'instanceId'>
  >;
  executor?: Partial<Omit<ExecutorOptions, 'connectorFor' | 'signer' | 'instanceId'>>;
  /**
   * The receipt signing key as PKCS#8 PEM or JWK text, kept outside the store by the host
   * (`--receipt-key FILE`). Without it the store's own key signs (`receipts.rotateKey`).
   */
  receiptKey?: string;
  /** Which non-public product URLs live mode accepts; by default none. */
  network?: NetworkPolicy;
  /** Delivers webhooks: with it `start` runs the dispatcher every `intervalMs` (default 1 s). */
  webhooks?: DispatcherOptions & { intervalMs?: number };
  /**
   * Resolve's search. `gazetteer`: city centres for searches around a city. `shared`: other
   * processes write the catalog too (instances on one database, `catalog import`): `start` builds
   * the indexes and polls for their writes every tick. Otherwise (the extension) the first search
   * builds them and only this engine's own writes are followed.
   */
  resolve?: { gazetteer?: Gazetteer; shared?: boolean };
}

const systemClock: Clock = { now: () => Date.now() }; // eslint-disable-line no-restricted-syntax -- the default Clock adapter

function memoized<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () =>
    (value ??= make().catch((error) => {
      value = undefined;
      throw error;
    }));
}

/**
 * Wires the engine from its ports. Runtime hosts (server/main.ts, the extension's background)
 * only choose adapters and call this.
 */
export function createEngine(options: EngineOptions) {
  const clock = options.clock ?? systemClock;
  const ids = options.ids ?? createIdSource(clock);
  const signerDeps = { store: options.store, clock, newKid: () => ids.next('key') };
  const signer: () => Promise<Signer> = memoized(async () =>
    options.receiptKey ? fileSigner(signerDeps, options.receiptKey) : storeSigner(signerDeps),
  );
  const keyUsage = createKeyUsage(options.store, (error) =>
    options.api?.onUnexpectedError?.(error, 'api_keys.last_used_at'),
  );
  const ctx: EngineContext = {
    // The catalog's search index learns of a write only once it is committed.
    store: withAfterCommit(options.store),
    clock,
    ids,
    signer,
    keyUsage,
    network: options.network,
  };
  const catalog = attachCatalogIndex(ctx, { gazetteer: options.resolve?.gazetteer });
  const instanceId = options.instanceId ?? 'default';
  const executor = createExecutor(ctx, {
    connectorFor: options.connectorFor ?? (() => null),
    signer,
    ...options.executor,
    instanceId,
  });
  ctx.executor = executor;
  const monitor = options.fetcherFor
    ? createMonitor(ctx, {
        intervalMs: 60_000,
        ...options.monitor,
        instanceId,
        fetcherFor: (livemode, url) => options.fetcherFor!(livemode, url),
        openExecution: (tx, intent, watch, chosen) => executor.open(tx, intent, watch, chosen),
        onExecute: (intentId, attempt) => executor.startIntent(intentId, attempt),
      })
    : null;
  const api = createApi(ctx, options.api);
  const webhooks = options.webhooks
    ? createDispatcher(ctx, {
        onError: (error) => options.api?.onUnexpectedError?.(error, 'webhooks'),
        ...options.webhooks,
        instanceId,
      })
    : null;
  let stopMonitor: (() => Promise<void>) | null = null;
  let stopRecovery: (() => void) | null = null;
  let stopWebhooks: (() => Promise<void>) | null = null;
  let stopCatalogSync: (() => void) | null = null;

  return {
    ctx,
    api,
    monitor,
    executor,
    /** The webhook dispatcher, when the host gave it a fetcher. */
    webhooks,
    /** The v1 API (and /v1/openapi.json) as a fetch handler. */
    fetch: (request: Request) => api.fetch(request),
    keys: {
      create: (partnerName: string, livemode = false, options?: KeyOptions) =>
        createApiKey(ctx, partnerName, livemode, options),
      list: () => listApiKeys(ctx),
      revoke: (prefix: string) => revokeApiKey(ctx, prefix),
      /** A replacement key; the old one works `overlapMs` more, then answers 401 naming it. */
      roll: (prefix: string, overlapMs: number, options?: Pick<KeyOptions, 'expiresInMs'>) =>
        rollApiKey(ctx, prefix, overlapMs, options),
    },
    receipts: {
      /** A new store signing key; the old one's public part stays published. */
      rotateKey: () => rotateSigningKey(options.store, ids.next('key'), clock.now()),
    },
    /** The Resolve catalog: what captures and imports put in, and what it holds. */
    catalog: {
      /** A product page the extension's content script read (`livemode`: the local key's mode). */
      recordPage: (url: string, extraction: Extraction, livemode: boolean) =>
        recordCapturedPage(ctx, url, extraction, livemode),
      importProducts: (rows: ProductSighting[]) => importProducts(ctx, rows),
      importVenues: (rows: PlaceSighting[]) => importVenues(ctx, rows),
      importFacilities: (rows: (PlaceSighting & { kinds: FacilityKind[] })[]) =>
        importFacilities(ctx, rows),
      stats: () => catalogStats(ctx),
      /** Builds the search indexes now (they are otherwise built by the first search). */
      buildIndex: () => catalog.buildAll(),
    },
    /**
     * Starts the background work: the receipt signer first (a bad key file fails here, and its
     * public key is published), recovery of interrupted executions, then monitor rounds. Every
     * tick also takes over the attempts of instances that died (their leases ran out).
     */
    async start(
      scheduler: Scheduler,
      tickMs: number,
      onError: (error: unknown) => void = () => {},
    ) {
      await signer();
      if (options.resolve?.shared) {
        void catalog.buildAll().catch(onError);
        stopCatalogSync = scheduler.every(tickMs, () => catalog.sync().catch(onError));
      }
      await executor.recover();
      const takeOver = () => executor.takeOver().then(() => {}, onError);
      await monitor?.releaseOwnClaims();
      if (monitor) stopMonitor = monitor.start(scheduler, tickMs, onError, takeOver);
      else stopRecovery = scheduler.every(tickMs, takeOver);
      if (webhooks) {
        await webhooks.releaseOwnClaims();
        stopWebhooks = webhooks.start(scheduler, options.webhooks?.intervalMs ?? 1000);
      }
    },
    /** Periodic housekeeping: expired idempotency records, delivery attempts past retention; how many went. */
    async maintain(): Promise<number> {
      return (await purgeExpiredIdempotency(ctx)) + (await purgeOldAttempts(ctx));
    },
    async close() {
      stopCatalogSync?.();
      stopRecovery?.();
      await stopMonitor?.();
      await stopWebhooks?.();
      await executor.stop();
      await keyUsage.settled();
      await options.store.close();
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;
