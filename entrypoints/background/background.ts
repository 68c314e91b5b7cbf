import { browser, type Browser } from 'wxt/browser';
import type {
  ApiReply,
  CaptureReply,
  MonitorTickReply,
  SettingsTestReply,
} from '../../components/messages';
import { ensureAlarm } from '../../engine/browser';
import { createApiCaller, type ApiCaller } from './api-call';
import { messageListener, type Handlers } from './bridge';
import { capture } from './capture';
import { alarmMinimumMs, createEngineHost, ENGINE_ALARM_PREFIX, type HostOptions } from './host';
import { sleep } from './sleep';
import { createNotifier, intentOfNotification, openPopupFor, shopToOpen } from './notify';
import { loadSettings, publicSettings, saveSettings, type StoredSettings } from './settings';

/** In remote mode: polls the server's list for the badge and notifications. */
export const REMOTE_POLL_ALARM = 'remote-poll';
/** How long a round (or a write) waits for the executions it started before announcing. */
const EXECUTION_WAIT_MS = 8_000;

export interface BackgroundOptions extends HostOptions {
  /** The fetch used for the remote server (tests: a stub); the global one by default. */
  remoteFetch?: (url: string, init: RequestInit) => Promise<Response>;
}

function errorMessage(reply: ApiReply): string {
  try {
    const body = JSON.parse(reply.body) as { error?: { message?: string } };
    if (body.error?.message) return body.error.message;
  } catch {
    // not JSON: fall through
  }
  return `HTTP ${reply.status}`;
}

const NOT_AN_API =
  'answers, but not as an Intent Commerce API. Check the address: it is the base URL the server printed (e.g. http://127.0.0.1:8080).';

/** The length of a payment-method list, or null when the body is not one (a web page, say). */
function paymentMethodCount(body: string): number | null {
  try {
    const data = (JSON.parse(body) as { data?: unknown }).data;
    return Array.isArray(data) ? data.length : null;
  } catch {
    return null;
  }
}

/**
 * The background's parts, wired without any await so that `main()` can register every listener
 * synchronously: the engine host (lazy), the API caller, the notifier and the message handlers.
 */
export function createBackground(options: BackgroundOptions = {}) {
  const onError = options.onError ?? ((error: unknown) => console.error('background:', error));
  const host = createEngineHost({ ...options, onError });
  const call = createApiCaller(host, options.remoteFetch);
  const notifier = createNotifier(call, {
    notifyPriceDrops: async () => (await loadSettings()).notify_price_drops,
  });

  // Alarm rounds and the popup's "check now" never overlap.
  let lock: Promise<unknown> = Promise.resolve();
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const next = lock.then(work);
    lock = next.catch(() => undefined);
    return next;
  }

  /** Executions run on after a round or a resume; announce once they paused, ended, or a while passed. */
  async function announceAfterEngineWork() {
    if (host.opened) {
      await host.use(({ engine }) =>
        Promise.race([engine.executor.idle(), sleep(EXECUTION_WAIT_MS)]),
      );
    }
    await notifier.refresh();
  }

  /** Starts what the mode needs: the built-in engine and its alarm, or the remote poll alarm. */
  async function applyMode(settings: StoredSettings) {
    if (settings.mode === 'builtin') {
      await browser.alarms.clear(REMOTE_POLL_ALARM);
      await host.runtime();
      return;
    }
    await host.stop();
    const periodMs = Math.max(settings.check_interval_seconds * 1000, await alarmMinimumMs());
    await ensureAlarm(browser.alarms, REMOTE_POLL_ALARM, periodMs / 60_000);
  }

  /**
   * A product page the popup read enters the built-in engine's catalog (Resolve), in the mode of
   * its local key (test); off the reply's path. A remote server's catalog is the server's own.
   */
  async function catalogue(reply: CaptureReply) {
    if (!reply.ok || (await loadSettings()).mode !== 'builtin') return;
    await host.use(({ engine }) => engine.catalog.recordPage(reply.url, reply.extraction, false));
  }

  const handlers: Handlers = {
    async api(message) {
      const reply = await call(message);
      if (message.method !== 'GET' && reply.status < 300)
        void announceAfterEngineWork().catch(onError);
      return reply;
    },
    async capture(message) {
      const reply = await capture(message);
      void catalogue(reply).catch(onError);
      return reply;
    },
    'settings.get': () => publicSettings(),
    async 'settings.set'(message) {
      const { before, after } = await saveSettings(message);
      const engineChanged =
        before.mode !== after.mode ||
        before.check_interval_seconds !== after.check_interval_seconds ||
        before.sandbox_url !== after.sandbox_url;
      const sourceChanged =
        before.mode !== after.mode ||
        (after.mode === 'remote' &&
          (before.remote_base_url !== after.remote_base_url ||
            message.remote_api_key !== undefined));
      if (sourceChanged) await notifier.reset();
      if (engineChanged) {
        await host.stop();
        await applyMode(after);
      }
      if (sourceChanged || engineChanged) void notifier.refresh().catch(onError);
      return publicSettings();
    },
    async 'settings.test'(): Promise<SettingsTestReply> {
      const settings = await loadSettings();
      const where =
        settings.mode === 'builtin'
          ? 'The built-in engine'
          : `The server at ${settings.remote_base_url ?? '(no URL set)'}`;
      const reply = await call({
        type: 'api',
        method: 'GET',
        path: '/v1/payment_methods',
        headers: {},
      });
      if (reply.status !== 200) return { ok: false, message: `${where}: ${errorMessage(reply)}` };
      const methods = paymentMethodCount(reply.body);
      if (methods === null) return { ok: false, message: `${where} ${NOT_AN_API}` };
      return { ok: true, message: `${where} answers; ${methods} payment method(s) available.` };
    },
    async 'monitor.tick'(): Promise<MonitorTickReply> {
      const settings = await loadSettings();
      if (settings.mode === 'remote') {
        await notifier.refresh();
        return { ok: true, message: 'The remote server checks products on its own schedule.' };
      }
      const stats = await host.use(({ engine }) => exclusive(() => engine.monitor!.round()));
      await announceAfterEngineWork();
      return {
        ok: true,
        message: `Checked ${stats.fetches} product page(s); ${stats.transitions} intent(s) changed.`,
      };
    },
  };

  async function onAlarm(alarm: Browser.alarms.Alarm) {
    const settings = await loadSettings();
    if (alarm.name === REMOTE_POLL_ALARM) {
      if (settings.mode === 'remote') await notifier.refresh();
      else await browser.alarms.clear(alarm.name);
      return;
    }
    if (!alarm.name.startsWith(`${ENGINE_ALARM_PREFIX}:`)) return;
    // The scheduler of this wake-up registered its tasks when the engine opened; an unknown name is stale.
    const ran =
      settings.mode === 'builtin' &&
      (await host.use(({ scheduler }) => exclusive(() => scheduler.dispatch(alarm.name))));
    if (!ran) await browser.alarms.clear(alarm.name);
    else await announceAfterEngineWork();
  }

  let woken: Promise<void> | null = null;
  /** Once per service worker: open what the mode needs (recovery runs here) and refresh the badge. */
  function wake(): Promise<void> {
    return (woken ??= (async () => {
      await applyMode(await loadSettings());
      await notifier.refresh();
    })().catch(onError));
  }

  return {
    host,
    notifier,
    handlers,
    wake,
    onMessage: messageListener(handlers, onError),
    onAlarm: (alarm: Browser.alarms.Alarm) => void onAlarm(alarm).catch(onError),
    onNotificationClicked: (id: string) => {
      void openForNotification(call, intentOfNotification(id)).catch(onError);
      void browser.notifications.clear(id).catch(onError);
    },
    onInstalled: () => void wake(),
    onStartup: () => void wake(),
  };
}

/** The popup at the intent, and for an assisted purchase the shop's page in front of it. */
async function openForNotification(call: ApiCaller, intentId: string | null) {
  await openPopupFor(intentId);
  const shop = await shopToOpen(call, intentId).catch(() => null);
  if (shop) await browser.tabs.create({ url: shop, active: true });
}
