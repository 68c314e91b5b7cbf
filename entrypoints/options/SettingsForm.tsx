import { useState } from 'react';
import { useSettingsStore } from '@/components/stores/settings-store';
import type { Settings } from '@/components/stores/types';
import { ErrorMessage } from '@/components/ui/ErrorMessage';
import { PaymentMethodSelect } from '@/components/ui/PaymentMethodSelect';
import { TextField } from '@/components/ui/TextField';
import { ConnectionTest } from './ConnectionTest';
import { EngineModeFieldset } from './EngineModeFieldset';
import { RemoteServerFields } from './RemoteServerFields';
import { useOptionsDraft } from './use-options-draft';

/** Every setting, saved together with settings.set. */
export function SettingsForm({ saved }: { saved: Settings }) {
  const draft = useOptionsDraft(saved);
  const { methods, methodsFallback, saving, saveResult, save } = useSettingsStore();
  const [showErrors, setShowErrors] = useState(false);
  const invalid = Object.keys(draft.errors).length > 0;
  // A stored default that the engine no longer lists stays selectable.
  const choices =
    draft.values.paymentMethodId && !methods.some((m) => m.id === draft.values.paymentMethodId)
      ? [...methods, { id: draft.values.paymentMethodId, brand: '', last4: '', description: '' }]
      : methods;

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (invalid || saving) return;
    void save(draft.changes(), draft.keyChange(), draft.origins()).then((ok) => {
      if (ok) draft.resetKey(useSettingsStore.getState().settings?.has_remote_api_key ?? false);
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={saving}>
      <EngineModeFieldset draft={draft} />
      {draft.values.mode === 'remote' && (
        <RemoteServerFields draft={draft} showErrors={showErrors} />
      )}
      <section className="card" aria-label="Connection">
        <ConnectionTest dirty={draft.dirty} />
      </section>
      <fieldset className="card">
        <legend>Defaults</legend>
        <PaymentMethodSelect
          label="Default payment method"
          methods={choices}
          emptyLabel="No default (the popup offers the first method)"
          value={draft.values.paymentMethodId}
          onChange={draft.set.paymentMethodId}
          testId="default-payment-method"
        />
        {methodsFallback && (
          <p className="hint">
            The engine did not list its payment methods; these are the test cards.
          </p>
        )}
        <TextField
          label="Check interval (seconds)"
          type="number"
          min={1}
          max={86_400}
          value={draft.values.interval}
          onChange={draft.set.interval}
          error={showErrors ? draft.errors.interval : null}
          hint="How often the built-in engine checks each watched page."
          testId="check-interval"
        />
        <TextField
          label="Sandbox merchant URL"
          type="url"
          value={draft.values.sandboxUrl}
          onChange={draft.set.sandboxUrl}
          placeholder="http://127.0.0.1:8081"
          error={showErrors ? draft.errors.sandboxUrl : null}
          hint="Built-in mode buys from this test merchant. Leave empty for none."
          testId="sandbox-url"
        />
      </fieldset>
      <fieldset className="card">
        <legend>Notifications</legend>
        <label className="check">
          <input
            type="checkbox"
            checked={draft.values.notifyPriceDrops}
            onChange={(event) => draft.set.notifyPriceDrops(event.target.checked)}
            data-testid="notify-price-drops"
          />{' '}
          Tell me when a watched price drops to my price
        </label>
        <p className="hint">
          Codes from your bank, purchases made and purchases that failed are always announced.
        </p>
      </fieldset>
      {showErrors && invalid && <ErrorMessage message="Fix the highlighted fields, then save." />}
      <ErrorMessage
        message={saveResult && !saveResult.ok ? `Not saved: ${saveResult.message}` : null}
      />
      <ErrorMessage message={saveResult?.warning} testId="save-warning" />
      <div className="actions">
        <button className="primary" type="submit" disabled={saving} data-testid="save-settings">
          {saving ? 'Saving…' : 'Save'}
        </button>
        <p role="status" className="result-ok" data-testid="save-result">
          {saveResult?.ok && !draft.dirty ? saveResult.message : ''}
        </p>
      </div>
    </form>
  );
}
