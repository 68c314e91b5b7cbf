import type { OptionsDraft } from './use-options-draft';

const MODES = [
  {
    id: 'builtin',
    label: 'Built-in engine',
    hint: 'Runs inside the browser; buys from the sandbox merchant in test mode.',
  },
  {
    id: 'remote',
    label: 'Remote server',
    hint: 'An intent-server you run; the extension talks to its /v1 API with your key.',
  },
] as const;

export function EngineModeFieldset({ draft }: { draft: OptionsDraft }) {
  return (
    <fieldset className="card">
      <legend>Engine</legend>
      {MODES.map((mode) => (
        <div className="radio" key={mode.id}>
          <input
            type="radio"
            id={`mode-${mode.id}`}
            name="mode"
            value={mode.id}
            checked={draft.values.mode === mode.id}
            onChange={() => draft.set.mode(mode.id)}
            aria-describedby={`mode-${mode.id}-hint`}
            data-testid={`mode-${mode.id}`}
          />
          <label htmlFor={`mode-${mode.id}`}>{mode.label}</label>
          <small id={`mode-${mode.id}-hint`} className="hint">
            {mode.hint}
          </small>
        </div>
      ))}
    </fieldset>
  );
}
