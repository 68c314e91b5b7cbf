import { ErrorMessage } from '@/components/ui/ErrorMessage';

/** The end of both watch forms: why the last submit failed, if it did, and the Watch button. */
export function WatchSubmit({
  error,
  submitting,
  testId,
  label = 'Watch',
}: {
  error: string | null;
  submitting: boolean;
  testId: string;
  label?: string;
}) {
  return (
    <>
      <ErrorMessage message={error} testId="watch-error" />
      <button className="primary" type="submit" disabled={submitting} data-testid={testId}>
        {submitting ? 'Starting to watch…' : label}
      </button>
    </>
  );
}
