import { create } from 'zustand';
import type { z } from 'zod';
import type { SettingsSet, SettingsTestReply } from '../messages';
import { errorMessage, v1 } from './api';
import { FALLBACK_METHODS } from './payment-store';
import { requestOrigins } from './permissions';
import { sendToBackground } from './runtime';
import type { PaymentMethod, Settings } from './types';

export type SettingsChanges = z.input<typeof SettingsSet>['settings'];
/** A new key (string), remove the stored one (null), or keep it (undefined). */
export type KeyChange = string | null | undefined;

const accessWarning = (origins: readonly string[]) =>
  `Without access to ${origins.map((url) => new URL(url).origin).join(' and ')} the extension cannot reach it. Save again and choose Allow.`;

interface SettingsStore {
  settings: Settings | null;
  loadError: string | null;
  methods: readonly PaymentMethod[];
  /** True when `methods` are the built-in test cards because the engine did not answer. */
  methodsFallback: boolean;
  saving: boolean;
  saveResult: { ok: boolean; message: string; warning?: string } | null;
  testing: boolean;
  testResult: z.infer<typeof SettingsTestReply> | null;
  load: () => Promise<void>;
  loadMethods: () => Promise<void>;
  /**
   * Asks for the hosts the engine must reach (`origins`: the server, the sandbox merchant) and
   * saves. Call it straight from the submit handler: the permission prompt needs the gesture.
   */
  save: (changes: SettingsChanges, key: KeyChange, origins: readonly string[]) => Promise<boolean>;
  test: () => Promise<void>;
}

/** Options page: the stored settings, saving them, and testing the connection. */
export const useSettingsStore = create<SettingsStore>()((set, get) => ({
  settings: null,
  loadError: null,
  methods: FALLBACK_METHODS,
  methodsFallback: true,
  saving: false,
  saveResult: null,
  testing: false,
  testResult: null,

  load: async () => {
    try {
      const settings = await sendToBackground({ type: 'settings.get' });
      set({ settings, loadError: null });
    } catch (error) {
      set({ loadError: `Could not read the settings: ${errorMessage(error)}` });
    }
    await get().loadMethods();
  },

  loadMethods: async () => {
    try {
      const { data } = await v1().paymentMethods();
      set({ methods: data.length ? data : FALLBACK_METHODS, methodsFallback: !data.length });
    } catch {
      set({ methods: FALLBACK_METHODS, methodsFallback: true });
    }
  },

  save: async (changes, key, origins) => {
    set({ saving: true, saveResult: null });
    const granted = await requestOrigins(origins).catch(() => false);
    try {
      const message: z.input<typeof SettingsSet> = { type: 'settings.set', settings: changes };
      if (key !== undefined) message.remote_api_key = key;
      const settings = await sendToBackground(message);
      set({
        settings,
        saving: false,
        saveResult: {
          ok: true,
          message: 'Settings saved.',
          ...(granted ? {} : { warning: accessWarning(origins) }),
        },
        // A result about the settings before the save would mislead.
        testResult: null,
      });
      void get().loadMethods();
      return true;
    } catch (error) {
      set({ saving: false, saveResult: { ok: false, message: errorMessage(error) } });
      return false;
    }
  },

  test: async () => {
    set({ testing: true, testResult: null });
    try {
      const reply = await sendToBackground({ type: 'settings.test' });
      set({ testing: false, testResult: reply });
    } catch (error) {
      set({ testing: false, testResult: { ok: false, message: errorMessage(error) } });
    }
  },
}));
