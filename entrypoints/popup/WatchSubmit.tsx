import { ErrorMessage } from '@/components/ui/ErrorMessage';

/** The end of both watch forms: why the last submit failed, if it did, and the Watch button. */
export function WatchSubmit({
  error,
  submitting,
  testId,
}: {
  error: string | null;
  submitting: boolean;
  testId: string;
}) {
  return (
    <>
      <ErrorMessage message={error} testId="watch-error" />
      <button className="primary" type="submit" disabled={submitting} data-testid={testId}>
        {submitting ? 'Starting to watch…' : 'Watch'}
      </button>
    </>
  );
}
