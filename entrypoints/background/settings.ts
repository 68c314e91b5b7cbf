import { browser } from 'wxt/browser';
import { z } from 'zod';
import { Settings, type SettingsSet } from '../../components/messages';
import { normaliseBaseUrl, normaliseOrigin } from '../../components/api/base-url';

/**
 * Settings and credentials in `chrome.storage.local`, read and written by the background only.
 * Pages get `Settings` (with `has_remote_api_key`), never a key.
 */

const KEYS = {
  settings: 'settings',
  remoteApiKey: 'remote_api_key',
  localApiKey: 'local_api_key',
} as const;

export const StoredSettings = Settings.omit({ has_remote_api_key: true });
export type StoredSettings = z.infer<typeof StoredSettings>;

const DEFAULT_SETTINGS: StoredSettings = {
  mode: 'builtin',
  remote_base_url: null,
  default_payment_method_id: 'pm_card_visa',
  check_interval_seconds: 60,
  sandbox_url: 'http://127.0.0.1:8081',
  notify_price_drops: true,
};

/** Stored settings over the defaults; a field that no longer validates falls back to its default. */
export async function loadSettings(): Promise<StoredSettings> {
  const stored = (await browser.storage.local.get(KEYS.settings))[KEYS.settings];
  const merged = { ...DEFAULT_SETTINGS, ...(typeof stored === 'object' ? stored : {}) };
  const parsed = StoredSettings.safeParse(merged);
  if (parsed.success) return parsed.data;
  const repaired: Record<string, unknown> = { ...merged };
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof StoredSettings;
    repaired[field] = DEFAULT_SETTINGS[field];
  }
  return StoredSettings.parse(repaired);
}

export async function publicSettings(): Promise<Settings> {
  const [settings, key] = await Promise.all([loadSettings(), loadRemoteApiKey()]);
  return { ...settings, has_remote_api_key: key !== null };
}

/** Applies a `settings.set` message; returns the settings before and after. */
export async function saveSettings(message: SettingsSet) {
  const before = await loadSettings();
  const after = StoredSettings.parse({ ...before, ...message.settings });
  if (after.remote_base_url) after.remote_base_url = normaliseBaseUrl(after.remote_base_url);
  if (after.sandbox_url) after.sandbox_url = normaliseOrigin(after.sandbox_url);
  await browser.storage.local.set({ [KEYS.settings]: after });
  if (message.remote_api_key === null) await browser.storage.local.remove(KEYS.remoteApiKey);
  else if (message.remote_api_key !== undefined)
    await browser.storage.local.set({ [KEYS.remoteApiKey]: message.remote_api_key.trim() });
  return { before, after };
}

async function readString(key: string): Promise<string | null> {
  const value = (await browser.storage.local.get(key))[key];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

export const loadRemoteApiKey = () => readString(KEYS.remoteApiKey);
export const loadLocalApiKey = () => readString(KEYS.localApiKey);
export const saveLocalApiKey = (key: string) =>
  browser.storage.local.set({ [KEYS.localApiKey]: key });
