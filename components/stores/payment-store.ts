import { create } from 'zustand';
import { errorMessage, v1 } from './api';
import { sendToBackground } from './runtime';
import type { PaymentMethod } from './types';

/** The test cards of CONTRACT §10, shown when the engine cannot be asked. */
const TEST_CARD_IDS = [
  'pm_card_visa',
  'pm_card_otp_required',
  'pm_card_3ds_required',
  'pm_card_declined',
  'pm_card_insufficient_funds',
] as const;

export const FALLBACK_METHODS: readonly PaymentMethod[] = TEST_CARD_IDS.map((id) => ({
  id,
  brand: '',
  last4: '',
  description: '',
}));

interface PaymentStore {
  phase: 'idle' | 'loading' | 'ready';
  methods: readonly PaymentMethod[];
  /** The settings' default_payment_method_id when it is one of `methods`. */
  defaultId: string | null;
  error: string | null;
  /**
   * Where the engine can pay: `any` in remote mode (the server knows its merchants), the
   * sandbox's origin in built-in mode (every other shop uses the assisted flow), null if unknown.
   */
  paysAt: 'any' | string | null;
  load: () => Promise<void>;
}

/** Whether the engine can pay at the shop of `productUrl` (else the user buys after an alert). */
export function canPayAt(paysAt: PaymentStore['paysAt'], productUrl: string | null): boolean {
  if (paysAt === 'any') return true;
  if (!paysAt || !productUrl) return false;
  try {
    return new URL(productUrl).origin === paysAt;
  } catch {
    return false;
  }
}

const originOf = (url: string | null) => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/** Payment methods from the engine plus the default from settings (popup Watch form). */
export const usePaymentStore = create<PaymentStore>()((set, get) => ({
  phase: 'idle',
  methods: [],
  defaultId: null,
  error: null,
  paysAt: null,
  load: async () => {
    if (get().phase !== 'idle') return;
    set({ phase: 'loading' });
    const [methods, settings] = await Promise.allSettled([
      v1().paymentMethods(),
      sendToBackground({ type: 'settings.get' }),
    ]);
    const list = methods.status === 'fulfilled' ? methods.value.data : [];
    const wanted =
      settings.status === 'fulfilled' ? settings.value.default_payment_method_id : null;
    const defaultId = list.some((method) => method.id === wanted) ? wanted : (list[0]?.id ?? null);
    const stored = settings.status === 'fulfilled' ? settings.value : null;
    set({
      phase: 'ready',
      methods: list,
      defaultId,
      paysAt: stored?.mode === 'remote' ? 'any' : originOf(stored?.sandbox_url ?? null),
      error:
        methods.status === 'rejected'
          ? `Could not load payment methods: ${errorMessage(methods.reason)}`
          : null,
    });
  },
}));
