import { TextField } from '@/components/ui/TextField';
import type { OptionsDraft } from './use-options-draft';

/** The remote API key: never shown back; a stored key can be replaced or removed. */
export function ApiKeyField({ draft, showErrors }: { draft: OptionsDraft; showErrors: boolean }) {
  const { values, set, hasStoredKey } = draft;
  const error = showErrors ? draft.errors.remoteKey : null;
  if (hasStoredKey && values.keyAction !== 'replace') {
    const removing = values.keyAction === 'remove';
    return (
      <div className="field">
        <span className="label">API key</span>
        <p role="status" data-testid="key-status">
          {removing ? 'The stored key will be removed when you save.' : 'A key is stored.'}
        </p>
        <div className="actions">
          {removing ? (
            <button type="button" onClick={() => set.keyAction('keep')}>
              Keep the stored key
            </button>
          ) : (
            <>
              <button
                type="button"
                onClick={() => set.keyAction('replace')}
                data-testid="key-replace"
              >
                Replace
              </button>
              <button
                type="button"
                onClick={() => set.keyAction('remove')}
                data-testid="key-remove"
              >
                Remove
              </button>
            </>
          )}
        </div>
        {error && (
          <small className="field-error" role="alert">
            {error}
          </small>
        )}
      </div>
    );
  }
  return (
    <>
      <TextField
        label={hasStoredKey ? 'New API key' : 'API key'}
        type="password"
        value={values.newKey}
        onChange={set.newKey}
        autoComplete="off"
        spellCheck={false}
        placeholder="sk_test_…"
        error={error}
        hint="Stored in the extension only; it is never shown again."
        testId="remote-key"
      />
      {hasStoredKey && (
        <button
          type="button"
          className="link"
          onClick={() => {
            set.newKey('');
            set.keyAction('keep');
          }}
        >
          Keep the stored key
        </button>
      )}
    </>
  );
}
