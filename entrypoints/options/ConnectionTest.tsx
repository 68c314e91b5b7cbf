import { useSettingsStore } from '@/components/stores/settings-store';

/** settings.test: asks the saved engine for its payment methods and shows the answer. */
export function ConnectionTest({ dirty }: { dirty: boolean }) {
  const { testing, testResult, test } = useSettingsStore();
  return (
    <div className="connection">
      <button
        type="button"
        onClick={() => void test()}
        disabled={testing}
        data-testid="test-connection"
      >
        {testing ? 'Testing…' : 'Test connection'}
      </button>
      {dirty && <small className="hint">Tests the saved settings: save your changes first.</small>}
      <p
        className={testResult ? (testResult.ok ? 'result-ok' : 'result-bad') : undefined}
        role="status"
        aria-live="polite"
        data-testid="connection-result"
      >
        {testResult && `${testResult.ok ? '✓ ' : '✗ '}${testResult.message}`}
      </p>
    </div>
  );
}
