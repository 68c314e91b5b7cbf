import { useState } from 'react';
import type { KeyChange, SettingsChanges } from '@/components/stores/settings-store';
import type { Settings } from '@/components/stores/types';
import { safeHttpUrl } from '@/components/ui/labels';
import { normaliseBaseUrl, normaliseOrigin } from '@/components/api/base-url';

export type KeyAction = 'keep' | 'replace' | 'remove';
export type OptionsField = 'remoteUrl' | 'remoteKey' | 'interval' | 'sandboxUrl';

/** The URL as typed, in the form the background stores it, when it is http(s); else null. */
const urlOrNull = (text: string, normalise: (url: string) => string) =>
  safeHttpUrl(text.trim()) ? normalise(text) : null;
const remoteOrNull = (text: string) => urlOrNull(text, normaliseBaseUrl);
const sandboxOrNull = (text: string) => urlOrNull(text, normaliseOrigin);

/** The editable copy of the settings and what Save sends. */
export function useOptionsDraft(saved: Settings) {
  const [mode, setMode] = useState(saved.mode);
  const [remoteUrl, setRemoteUrl] = useState(saved.remote_base_url ?? '');
  const [keyAction, setKeyAction] = useState<KeyAction>(
    saved.has_remote_api_key ? 'keep' : 'replace',
  );
  const [newKey, setNewKey] = useState('');
  const [paymentMethodId, setPaymentMethodId] = useState(saved.default_payment_method_id ?? '');
  const [interval, setIntervalText] = useState(String(saved.check_interval_seconds));
  const [sandboxUrl, setSandboxUrl] = useState(saved.sandbox_url ?? '');
  const [notifyPriceDrops, setNotifyPriceDrops] = useState(saved.notify_price_drops);

  const errors: Partial<Record<OptionsField, string>> = {};
  if (mode === 'remote' && !safeHttpUrl(remoteUrl.trim()))
    errors.remoteUrl = 'Enter the server address, e.g. http://127.0.0.1:8080.';
  if (mode === 'remote' && !saved.has_remote_api_key && !newKey.trim())
    errors.remoteKey = 'Enter the API key the server printed (sk_test_…).';
  if (mode === 'remote' && saved.has_remote_api_key && keyAction === 'remove')
    errors.remoteKey = 'The remote server needs a key: enter a new one or keep the stored key.';
  if (keyAction === 'replace' && saved.has_remote_api_key && !newKey.trim())
    errors.remoteKey = 'Enter the new key, or keep the stored one.';
  const seconds = /^\d+$/.test(interval.trim()) ? Number(interval) : NaN;
  if (!(seconds >= 1 && seconds <= 86_400))
    errors.interval = 'Enter a whole number of seconds from 1 to 86400.';
  if (sandboxUrl.trim() && !safeHttpUrl(sandboxUrl.trim()))
    errors.sandboxUrl =
      'Enter a full address starting with http:// or https://, or leave it empty.';

  const changes = (): SettingsChanges => ({
    mode,
    remote_base_url: remoteOrNull(remoteUrl),
    default_payment_method_id: paymentMethodId || null,
    check_interval_seconds: seconds,
    sandbox_url: sandboxOrNull(sandboxUrl),
    notify_price_drops: notifyPriceDrops,
  });

  /** The hosts the engine will call: the server in remote mode, the sandbox merchant in built-in. */
  const origins = (): string[] => {
    const url = mode === 'remote' ? remoteOrNull(remoteUrl) : sandboxOrNull(sandboxUrl);
    return url ? [url] : [];
  };

  const keyChange = (): KeyChange =>
    keyAction === 'remove' ? null : newKey.trim() ? newKey.trim() : undefined;

  // Compared in stored form: `http://host/` saved as `http://host` is not a pending change.
  const dirty =
    mode !== saved.mode ||
    (remoteOrNull(remoteUrl) ?? remoteUrl.trim()) !== (saved.remote_base_url ?? '') ||
    keyChange() !== undefined ||
    paymentMethodId !== (saved.default_payment_method_id ?? '') ||
    seconds !== saved.check_interval_seconds ||
    (sandboxOrNull(sandboxUrl) ?? sandboxUrl.trim()) !== (saved.sandbox_url ?? '') ||
    notifyPriceDrops !== saved.notify_price_drops;

  return {
    values: {
      mode,
      remoteUrl,
      keyAction,
      newKey,
      paymentMethodId,
      interval,
      sandboxUrl,
      notifyPriceDrops,
    },
    set: {
      mode: setMode,
      remoteUrl: setRemoteUrl,
      keyAction: setKeyAction,
      newKey: setNewKey,
      paymentMethodId: setPaymentMethodId,
      interval: setIntervalText,
      sandboxUrl: setSandboxUrl,
      notifyPriceDrops: setNotifyPriceDrops,
    },
    errors,
    dirty,
    changes,
    origins,
    /** After a save: clear the typed key and show the stored-key state. */
    resetKey: (stored: boolean) => {
      setNewKey('');
      setKeyAction(stored ? 'keep' : 'replace');
    },
    keyChange,
    hasStoredKey: saved.has_remote_api_key,
  };
}

export type OptionsDraft = ReturnType<typeof useOptionsDraft>;
