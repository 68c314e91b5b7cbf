import { useState } from 'react';
import { errorMessage } from '@/components/stores/api';
import { replaceWatch } from '@/components/stores/edit';
import { useIntentsStore } from '@/components/stores/intents-store';
import type { Intent } from '@/components/stores/types';
import { localDatePlusDays } from '@/components/stores/watch';
import { ErrorMessage } from '@/components/ui/ErrorMessage';
import { parseMajor, toMajorText } from '@/components/ui/money';
import { TextField } from '@/components/ui/TextField';

const localDateOf = (iso: string | undefined) =>
  iso ? localDatePlusDays(0, new Date(iso)) : localDatePlusDays(30);

/** Change the max price or the expiry: the watch is replaced, its history kept. */
export function EditWatch({
  intent,
  onReplaced,
}: {
  intent: Intent;
  onReplaced: (next: Intent) => void;
}) {
  const currency = intent.conditions.currency ?? intent.last_observation?.currency ?? 'USD';
  const [maxPrice, setMaxPrice] = useState(() =>
    toMajorText(intent.conditions.max_price_cents ?? 0, currency),
  );
  const [expiresOn, setExpiresOn] = useState(() => localDateOf(intent.guardrails.expires_at));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const price = parseMajor(maxPrice, currency);
  const priceError = 'error' in price ? price.error : price.minor === 0 ? 'More than zero.' : null;
  const dateError = expiresOn < localDatePlusDays(0) ? 'Choose a date from today on.' : null;

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (priceError || dateError || saving || !('minor' in price)) return;
    setSaving(true);
    setError(null);
    replaceWatch(intent, { maxPriceMinor: price.minor, expiresOn })
      .then((next) => {
        void useIntentsStore.getState().refresh();
        onReplaced(next);
      })
      .catch((failure: unknown) => setError(errorMessage(failure)))
      .finally(() => setSaving(false));
  };

  return (
    <form className="edit-watch" onSubmit={onSubmit} noValidate aria-busy={saving}>
      <div className="row">
        <TextField
          label={`Max price (${currency})`}
          value={maxPrice}
          onChange={setMaxPrice}
          inputMode="decimal"
          error={priceError}
          testId="edit-max-price"
        />
        <TextField
          label="Watch until"
          type="date"
          value={expiresOn}
          onChange={setExpiresOn}
          min={localDatePlusDays(0)}
          error={dateError}
          testId="edit-expires"
        />
      </div>
      <ErrorMessage message={error} testId="edit-error" />
      <button type="submit" disabled={saving} data-testid="edit-save">
        {saving ? 'Saving…' : 'Save changes'}
      </button>
      <p className="hint">Saving starts a new watch with these terms; the history stays.</p>
    </form>
  );
}
