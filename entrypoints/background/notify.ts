import { browser, type Browser } from 'wxt/browser';
import { shopPageOf } from '../../components/stores/offer-pages';
import type { Intent } from '../../components/stores/types';
import type { ApiCaller } from './api-call';
import { NOTIFICATION_ICON } from './icon';
import { sleep } from './sleep';
import { describe, describeGroup, isPriceDrop, type IntentItem } from './notify-words';

const SNAPSHOT_KEY = 'notified_statuses';
const NOTIFY_ON = new Set(['requires_user_action', 'succeeded', 'failed']);
/** Statuses an intent can still leave: every intent in one of them is followed. */
const OPEN_STATUSES = ['active', 'waiting', 'executing', 'requires_user_action'] as const;
const PAGE_LIMIT = 100;
const BADGE_MAX = 99;
/** This many changes or more in one look become one grouped notification. */
const GROUP_FROM = 3;
/** Looks start at least this far apart: a burst of API writes is announced by one look. */
const LOOK_GAP_MS = 500;

/** Notification ids carry the intent: `intent:<intent_id>:<status>`; groups `intents:<time>`. */
const notificationId = (intentId: string, status: string) => `intent:${intentId}:${status}`;
export const intentOfNotification = (id: string) => /^intent:([^:]+):/.exec(id)?.[1] ?? null;

const badgeApi = () => browser.action ?? browser.browserAction;

/**
 * Notifications and the action badge, from the engine's own list endpoint (built-in or remote):
 * the badge counts intents in requires_user_action; a notification is shown when an intent's
 * status becomes requires_user_action, succeeded or failed since the last look. The statuses
 * seen are kept in storage (the service worker forgets everything), so nothing is announced twice;
 * the first look only records them.
 */
export function createNotifier(
  call: ApiCaller,
  options: { notifyPriceDrops?: () => Promise<boolean>; lookGapMs?: number } = {},
) {
  const lookGapMs = options.lookGapMs ?? LOOK_GAP_MS;
  let queue: Promise<unknown> = Promise.resolve();
  /** The look queued and not yet started, if any. */
  let waiting: Promise<void> | null = null;
  let lastLookAt = -Infinity;

  async function get<T>(path: string): Promise<T | null> {
    const reply = await call({ type: 'api', method: 'GET', path, headers: {} });
    return reply.status === 200 ? (JSON.parse(reply.body) as T) : null;
  }

  /** Every intent of a status, page after page; null when the engine did not answer. */
  async function listAll(status: string): Promise<IntentItem[] | null> {
    const all: IntentItem[] = [];
    let after: string | null = null;
    do {
      const cursor: string = after ? `&starting_after=${encodeURIComponent(after)}` : '';
      const page = await get<{
        data: IntentItem[];
        has_more: boolean;
        next_cursor?: string | null;
      }>(`/v1/intents?status=${status}&limit=${PAGE_LIMIT}${cursor}`);
      if (!page) return null;
      all.push(...page.data);
      after = page.has_more ? (page.next_cursor ?? page.data.at(-1)?.intent_id ?? null) : null;
    } while (after);
    return all;
  }

  async function setBadge(count: number) {
    const action = badgeApi();
    await action.setBadgeText({
      text: count === 0 ? '' : count > BADGE_MAX ? `${BADGE_MAX}+` : String(count),
    });
    await action.setBadgeBackgroundColor({ color: '#B45309' });
  }

  /**
   * The intents to compare with the last look: every open one, the newest ones, and each one
   * open last time that is neither any more (it ended: its end is fetched on its own).
   */
  async function current(stored: Record<string, string> | undefined) {
    const lists = await Promise.all([
      ...OPEN_STATUSES.map(listAll),
      get<{ data: IntentItem[] }>(`/v1/intents?limit=${PAGE_LIMIT}`).then(
        (page) => page?.data ?? null,
      ),
    ]);
    if (lists.some((list) => list === null)) return null;
    const byId = new Map<string, IntentItem>();
    for (const intent of lists.flat() as IntentItem[]) byId.set(intent.intent_id, intent);
    const ended = Object.entries(stored ?? {})
      .filter(
        ([id, status]) => !byId.has(id) && (OPEN_STATUSES as readonly string[]).includes(status),
      )
      .map(([id]) => id);
    for (const id of ended) {
      const intent = await get<IntentItem>(`/v1/intents/${encodeURIComponent(id)}`);
      if (intent) byId.set(id, intent);
    }
    return byId;
  }

  async function announce(changed: IntentItem[]) {
    if (changed.length >= GROUP_FROM) {
      await browser.notifications.create(`intents:${Date.now()}`, {
        type: 'basic',
        iconUrl: NOTIFICATION_ICON,
        ...describeGroup(changed),
      });
      return;
    }
    for (const intent of changed) {
      await browser.notifications.create(notificationId(intent.intent_id, intent.status), {
        type: 'basic',
        iconUrl: NOTIFICATION_ICON,
        ...describe(intent),
      });
    }
  }

  async function refresh() {
    const stored = (await browser.storage.local.get(SNAPSHOT_KEY))[SNAPSHOT_KEY] as
      Record<string, string> | undefined;
    const intents = await current(stored);
    if (!intents) return;
    const all = [...intents.values()];
    await setBadge(all.filter((intent) => intent.status === 'requires_user_action').length);
    const priceDrops = (await options.notifyPriceDrops?.()) ?? true;
    const changed = all.filter(
      (intent) =>
        stored &&
        stored[intent.intent_id] !== intent.status &&
        NOTIFY_ON.has(intent.status) &&
        (priceDrops || !isPriceDrop(intent)),
    );
    await announce(changed);
    const seen = Object.fromEntries(all.map((intent) => [intent.intent_id, intent.status]));
    await browser.storage.local.set({ [SNAPSHOT_KEY]: seen });
  }

  return {
    /**
     * Looks again (serialised: two looks never announce the same change), at most once per
     * `lookGapMs`. A look asked for while another waits to start joins it: it will see the same
     * changes, so fifty creates in a row cost a few looks, not fifty (each look is several list
     * requests on the same key's rate limit).
     */
    refresh(): Promise<void> {
      if (waiting) return waiting;
      const next = queue.then(async () => {
        const gap = lastLookAt + lookGapMs - Date.now();
        if (gap > 0) await sleep(gap);
        waiting = null;
        lastLookAt = Date.now();
        return refresh();
      });
      waiting = next;
      queue = next.catch(() => undefined);
      return next;
    },
    /** Forgets the statuses seen (the engine changed): the next look only records them. */
    async reset() {
      await browser.storage.local.remove(SNAPSHOT_KEY);
      await setBadge(0);
    },
  };
}

/**
 * The shop's product page when the intent waits for an assisted purchase (the user buys there):
 * a click on its notification opens it, as the card's "Buy at …" button does.
 */
export async function shopToOpen(call: ApiCaller, intentId: string | null): Promise<string | null> {
  if (!intentId) return null;
  const reply = await call({
    type: 'api',
    method: 'GET',
    path: `/v1/intents/${encodeURIComponent(intentId)}`,
    headers: {},
  });
  if (reply.status !== 200) return null;
  const intent = JSON.parse(reply.body) as Intent;
  const assisted =
    intent.status === 'requires_user_action' && intent.next_action?.type === 'confirmation';
  return assisted ? shopPageOf(intent) : null;
}

/**
 * Opens the popup page in a tab (focusing the one already open) on the Watching list: at the
 * intent's card, or the whole list for a grouped notification.
 */
export async function openPopupFor(intentId: string | null) {
  const base = browser.runtime.getURL('/popup.html');
  const url = intentId ? `${base}?intent=${encodeURIComponent(intentId)}` : `${base}?view=watching`;
  const open = (await extensionTabs()).find((context) => context.documentUrl?.startsWith(base));
  if (open && open.tabId >= 0) {
    await browser.tabs.update(open.tabId, { active: true, url });
    if (open.windowId >= 0) await browser.windows.update(open.windowId, { focused: true });
    return;
  }
  await browser.tabs.create({ url });
}

/** Our pages open in tabs (runtime.getContexts: Chrome 116+; elsewhere none are found). */
async function extensionTabs(): Promise<Browser.runtime.ExtensionContext[]> {
  try {
    return await browser.runtime.getContexts({
      contextTypes: ['TAB' as Browser.runtime.ContextType],
    });
  } catch {
    return [];
  }
}
