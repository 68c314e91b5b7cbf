import { browser } from 'wxt/browser';
import {
  createAlarmScheduler,
  createBrowserFetcher,
  createDexieStore,
  type AlarmScheduler,
} from '../../engine/browser';
import { createEngine, SCHEMA_VERSION, TABLES, type Engine } from '../../engine/index';
import { wireMerchants } from './merchants';
import { loadLocalApiKey, loadSettings, saveLocalApiKey, type StoredSettings } from './settings';

const DB_NAME = 'intent-commerce';
/** Prefix of the monitor's alarms (see engine/adapters/browser-alarms-scheduler.ts). */
export const ENGINE_ALARM_PREFIX = 'engine';
const LOCAL_PARTNER = 'extension';

export interface HostOptions {
  dbName?: string;
  /** The fetch behind product pages and merchant calls (tests: a stub); the global one by default. */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  onError?: (error: unknown) => void;
}

/** The built-in engine while it runs in this service worker. */
export interface Runtime {
  engine: Engine;
  /** The local partner's test key; lives in chrome.storage.local, never leaves the background. */
  key: string;
  scheduler: AlarmScheduler;
  settings: StoredSettings;
}

/** Time between monitor rounds: half the check interval, so a watch is checked close to its due time. */
const tickMsFor = (settings: StoredSettings) => (settings.check_interval_seconds * 1000) / 2;

let minimumPeriod: Promise<number> | undefined;
/** Chrome fires alarms at most every 30 s for packed extensions, every second when unpacked. */
export function alarmMinimumMs(): Promise<number> {
  return (minimumPeriod ??= (async () => {
    try {
      const self = await browser.management.getSelf();
      return self.installType === 'development' ? 1000 : 30_000;
    } catch {
      return 30_000;
    }
  })());
}

/**
 * Opens the built-in engine lazily, once, behind one promise every handler awaits: Dexie store,
 * local key, then `engine.start()`, which resumes every execution a previous service worker left
 * running (same idempotency keys, so nothing is bought twice) and (re)creates the monitor alarm.
 */
export function createEngineHost(options: HostOptions = {}) {
  const onError = options.onError ?? ((error: unknown) => console.error('engine:', error));
  let current: Promise<Runtime> | null = null;
  let closing: Promise<void> = Promise.resolve();

  async function open(): Promise<Runtime> {
    await closing;
    const settings = await loadSettings();
    const store = createDexieStore(options.dbName ?? DB_NAME, TABLES, SCHEMA_VERSION + 1, {
      durability: 'strict',
    });
    const fetcher = createBrowserFetcher(options.fetch ? { fetch: options.fetch } : {});
    const engine = createEngine({
      store,
      ...wireMerchants(settings.sandbox_url, fetcher),
      monitor: { intervalMs: settings.check_interval_seconds * 1000 },
      // Webhooks of the built-in engine go out on an alarm (the packed minimum, 30 s).
      webhooks: { fetcherFor: () => fetcher, intervalMs: 30_000, onError },
      api: { onUnexpectedError: (error, requestId) => onError({ requestId, error }) },
    });
    try {
      const key = await localKey(engine);
      const scheduler = createAlarmScheduler(browser.alarms, {
        prefix: ENGINE_ALARM_PREFIX,
        minPeriodMs: alarmMinimumMs,
        onError,
      });
      await engine.start(scheduler, tickMsFor(settings), onError);
      await scheduler.settled();
      return { engine, key, scheduler, settings };
    } catch (error) {
      await engine.close().catch(() => undefined);
      throw error;
    }
  }

  const inFlight = new Set<Promise<unknown>>();

  function runtime(): Promise<Runtime> {
    return (current ??= open().catch((error) => {
      current = null;
      throw error;
    }));
  }

  return {
    /** The running engine, opened on first use. */
    runtime,
    /** Runs work on the engine; `stop()` lets it finish before closing the store. */
    async use<T>(work: (runtime: Runtime) => Promise<T>): Promise<T> {
      const running = runtime().then(work);
      inFlight.add(running);
      try {
        return await running;
      } finally {
        inFlight.delete(running);
      }
    },
    /** Whether the engine is open (or opening) in this service worker. */
    get opened() {
      return current !== null;
    },
    /**
     * Stops the engine (settings changed): lets calls in flight finish, stops the monitor, waits
     * for running executions to reach a safe point, closes the store. The next use opens it anew.
     */
    stop(): Promise<void> {
      const previous = current;
      current = null;
      if (!previous) return closing;
      const draining = [...inFlight].map((work) => work.catch(() => undefined));
      closing = closing.then(async () => {
        await Promise.all(draining);
        const runtime = await previous.catch(() => null);
        if (!runtime) return;
        await runtime.engine.close().catch(onError);
        await runtime.scheduler.settled();
      });
      return closing;
    },
  };
}

export type EngineHost = ReturnType<typeof createEngineHost>;

/** The local partner's key from storage, checked against the engine; a new one when missing or unknown. */
async function localKey(engine: Engine): Promise<string> {
  const stored = await loadLocalApiKey();
  if (stored) {
    const probe = await engine.fetch(
      new Request('https://engine.local/v1/payment_methods', {
        headers: { Authorization: `Bearer ${stored}` },
      }),
    );
    if (probe.status === 200) return stored;
  }
  const { key } = await engine.keys.create(LOCAL_PARTNER);
  await saveLocalApiKey(key);
  return key;
}
