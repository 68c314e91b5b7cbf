import { TextField } from '@/components/ui/TextField';
import { ApiKeyField } from './ApiKeyField';
import type { OptionsDraft } from './use-options-draft';

/** Where the remote server is and the key to reach it. */
export function RemoteServerFields({
  draft,
  showErrors,
}: {
  draft: OptionsDraft;
  showErrors: boolean;
}) {
  return (
    <fieldset className="card">
      <legend>Remote server</legend>
      <TextField
        label="Base URL"
        type="url"
        value={draft.values.remoteUrl}
        onChange={draft.set.remoteUrl}
        placeholder="http://127.0.0.1:8080"
        autoComplete="url"
        error={showErrors ? draft.errors.remoteUrl : null}
        hint="The server's address; the extension calls its /v1 API."
        testId="remote-url"
      />
      <ApiKeyField draft={draft} showErrors={showErrors} />
    </fieldset>
  );
}
