import { browser, type Browser } from 'wxt/browser';
import type { ApiCaller } from './api-call';
import { NOTIFICATION_ICON } from './icon';

/** What the notifier reads of an intent (the v1 list item). */
interface IntentItem {
  intent_id: string;
  status: string;
  objective?: { product?: { product_title?: string; product_url?: string } };
  next_action?: { instructions?: string } | null;
  latest_execution?: {
    total_cents?: number | null;
    last_error?: { message?: string } | null;
  } | null;
  last_observation?: { currency?: string | null } | null;
}

const SNAPSHOT_KEY = 'notified_statuses';
const NOTIFY_ON = new Set(['requires_user_action', 'succeeded', 'failed']);
const LIST_LIMIT = 100;

/** Notification ids carry the intent: `intent:<intent_id>:<status>`. */
const notificationId = (intentId: string, status: string) => `intent:${intentId}:${status}`;
export const intentOfNotification = (id: string) => /^intent:([^:]+):/.exec(id)?.[1] ?? null;

const badgeApi = () => browser.action ?? browser.browserAction;

function productName(intent: IntentItem): string {
  const product = intent.objective?.product;
  if (product?.product_title) return product.product_title;
  try {
    return new URL(product?.product_url ?? '').hostname;
  } catch {
    return intent.intent_id;
  }
}

function money(cents: number | null | undefined, currency: string | null | undefined) {
  if (cents == null) return '';
  return ` for ${(cents / 100).toFixed(2)} ${currency ?? ''}`.trimEnd();
}

function describe(intent: IntentItem): { title: string; message: string } {
  const name = productName(intent);
  switch (intent.status) {
    case 'requires_user_action':
      return {
        title: 'Your bank needs you',
        message: `${name}: ${intent.next_action?.instructions ?? 'confirm the purchase'}. Open Intent Commerce to continue.`,
      };
    case 'succeeded':
      return {
        title: 'Bought',
        message: `${name}${money(intent.latest_execution?.total_cents, intent.last_observation?.currency)}. The receipt is in Intent Commerce.`,
      };
    default:
      return {
        title: 'Purchase failed',
        message: `${name}: ${intent.latest_execution?.last_error?.message ?? 'the purchase did not go through'}.`,
      };
  }
}

/**
 * Notifications and the action badge, from the engine's own list endpoint (built-in or remote):
 * the badge counts intents in requires_user_action; a notification is shown when an intent's
 * status becomes requires_user_action, succeeded or failed since the last look. The statuses
 * seen are kept in storage (the service worker forgets everything), so nothing is announced twice;
 * the first look only records them.
 */
export function createNotifier(call: ApiCaller) {
  let queue: Promise<unknown> = Promise.resolve();

  async function list(query: string): Promise<IntentItem[] | null> {
    const reply = await call({
      type: 'api',
      method: 'GET',
      path: `/v1/intents?${query}`,
      headers: {},
    });
    if (reply.status !== 200) return null;
    return (JSON.parse(reply.body) as { data: IntentItem[] }).data;
  }

  async function setBadge(count: number) {
    const action = badgeApi();
    await action.setBadgeText({
      text: count === 0 ? '' : count >= LIST_LIMIT ? '99+' : String(count),
    });
    await action.setBadgeBackgroundColor({ color: '#B45309' });
  }

  async function announce(intents: IntentItem[]) {
    const stored = (await browser.storage.local.get(SNAPSHOT_KEY))[SNAPSHOT_KEY] as
      Record<string, string> | undefined;
    const seen: Record<string, string> = {};
    for (const intent of intents) {
      seen[intent.intent_id] = intent.status;
      if (!stored || stored[intent.intent_id] === intent.status || !NOTIFY_ON.has(intent.status))
        continue;
      await browser.notifications.create(notificationId(intent.intent_id, intent.status), {
        type: 'basic',
        iconUrl: NOTIFICATION_ICON,
        ...describe(intent),
      });
    }
    await browser.storage.local.set({ [SNAPSHOT_KEY]: seen });
  }

  async function refresh() {
    const [waitingForUser, recent] = await Promise.all([
      list(`status=requires_user_action&limit=${LIST_LIMIT}`),
      list(`limit=${LIST_LIMIT}`),
    ]);
    if (waitingForUser) await setBadge(waitingForUser.length);
    if (recent) await announce(recent);
  }

  return {
    /** Looks again (serialised: two looks never announce the same change). */
    refresh(): Promise<void> {
      const next = queue.then(refresh);
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
  const intent = JSON.parse(reply.body) as IntentItem & { next_action?: { type?: string } | null };
  const url = intent.objective?.product?.product_url;
  const assisted =
    intent.status === 'requires_user_action' && intent.next_action?.type === 'confirmation';
  return assisted && url && /^https?:\/\//i.test(url) ? url : null;
}

/** Opens the popup page in a tab (focusing the one already open), showing the intent. */
export async function openPopupFor(intentId: string | null) {
  const base = browser.runtime.getURL('/popup.html');
  const url = intentId ? `${base}?intent=${encodeURIComponent(intentId)}` : base;
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
