import { create } from 'zustand';
import { errorMessage, v1 } from './api';
import { EXTENSION_USER, isTerminal, type Intent, type PricePoint, type UserAction } from './types';

const POLL_MS = 2000;

interface History {
  /** The observation the points were fetched for; a new one triggers a refetch. */
  key: string;
  points: PricePoint[];
}

interface IntentsStore {
  intents: Intent[];
  loaded: boolean;
  error: string | null;
  histories: Record<string, History>;
  /** A short message about the intent the user just answered for (announced politely). */
  notice: string | null;
  /** Intents resumed by the user whose outcome is still to be announced. */
  following: Record<string, true>;
  refresh: () => Promise<void>;
  /** Refreshes now and every 2 s; returns the function that stops it. */
  startPolling: () => () => void;
  cancel: (intentId: string) => Promise<void>;
  resume: (intentId: string, action: UserAction) => Promise<Intent>;
}

const titleOf = (intent: Intent) =>
  intent.objective.product?.product_title ??
  intent.objective.product?.product_url ??
  intent.objective.procurement?.item.name ??
  'the product';

const historyKey = (intent: Intent) => intent.last_observation?.observed_at ?? 'none';

function outcomeNotice(intent: Intent): string | null {
  if (intent.status === 'succeeded') return `Bought ${titleOf(intent)}. The receipt is ready.`;
  if (intent.status === 'failed') {
    const why = intent.latest_execution?.last_error?.message;
    return `The purchase of ${titleOf(intent)} failed${why ? `: ${why}` : '.'}`;
  }
  if (intent.status === 'waiting')
    return `${titleOf(intent)} is back to waiting; nothing was bought.`;
  return isTerminal(intent.status) ? `${titleOf(intent)} is ${intent.status}.` : null;
}

let inFlight: Promise<void> | null = null;

export const useIntentsStore = create<IntentsStore>()((set, get) => ({
  intents: [],
  loaded: false,
  error: null,
  histories: {},
  notice: null,
  following: {},

  refresh: () => {
    inFlight ??= (async () => {
      try {
        const intents = await listForPopup();
        const following = { ...get().following };
        let notice = get().notice;
        for (const intent of intents) {
          if (!following[intent.intent_id] || intent.status === 'executing') continue;
          if (intent.status === 'requires_user_action') continue;
          notice = outcomeNotice(intent) ?? notice;
          delete following[intent.intent_id];
        }
        set({ intents, loaded: true, error: null, following, notice });
        await loadHistories(intents);
      } catch (error) {
        set({ loaded: true, error: errorMessage(error) });
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  },

  startPolling: () => {
    void get().refresh();
    const timer = setInterval(() => void get().refresh(), POLL_MS);
    return () => clearInterval(timer);
  },

  cancel: async (intentId) => {
    const intent = await v1().cancelIntent(intentId);
    set({ notice: `Stopped watching ${titleOf(intent)}.` });
    await get().refresh();
  },

  resume: async (intentId, action) => {
    const intent = await v1().resumeIntent(intentId, action);
    const words = action.completed ? 'Thanks — completing the purchase…' : 'Declined.';
    set((state) => ({
      notice: words,
      following: { ...state.following, [intentId]: true },
      intents: state.intents.map((row) => (row.intent_id === intentId ? intent : row)),
    }));
    void get().refresh();
    return intent;
  },
}));

/**
 * The newest intents, plus every one waiting for the user however old: an OTP prompt must never
 * fall off the end of the list (the badge counts them the same way).
 */
async function listForPopup(): Promise<Intent[]> {
  const [recent, asking] = await Promise.all([
    v1().listIntents({ external_user_id: EXTENSION_USER, limit: 50 }),
    v1().listIntents({
      external_user_id: EXTENSION_USER,
      status: 'requires_user_action',
      limit: 100,
    }),
  ]);
  const byId = new Map(
    [...asking.data, ...recent.data].map((intent) => [intent.intent_id, intent]),
  );
  return [...byId.values()].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** Fetches the price history of each intent whose last observation changed since last time. */
async function loadHistories(intents: Intent[]) {
  const { histories } = useIntentsStore.getState();
  const stale = intents.filter(
    (intent) =>
      intent.objective.product?.product_url &&
      histories[intent.intent_id]?.key !== historyKey(intent),
  );
  const fetched = await Promise.all(
    stale.map(async (intent) => {
      try {
        const { data } = await v1().priceHistory(intent.intent_id);
        return [intent.intent_id, { key: historyKey(intent), points: data }] as const;
      } catch {
        return null;
      }
    }),
  );
  const found = fetched.filter((entry) => entry !== null);
  if (found.length === 0) return;
  useIntentsStore.setState((state) => ({
    histories: { ...state.histories, ...Object.fromEntries(found) },
  }));
}

/** The lowest price in `currency` in the histories of earlier watches of `productUrl`, or null. */
export function lowestSeenFor(
  state: Pick<IntentsStore, 'intents' | 'histories'>,
  productUrl: string,
  currency: string,
): number | null {
  let lowest: number | null = null;
  for (const intent of state.intents) {
    if (intent.objective?.product?.product_url !== productUrl) continue;
    for (const point of state.histories[intent.intent_id]?.points ?? []) {
      if (point.price_cents !== null && point.currency === currency)
        lowest = lowest === null ? point.price_cents : Math.min(lowest, point.price_cents);
    }
  }
  return lowest;
}
