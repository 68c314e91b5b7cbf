import type { Intent } from '@/components/stores/types';
import { ErrorMessage } from '@/components/ui/ErrorMessage';
import { DeclineButton } from './DeclineButton';
import { useResume } from './use-resume';

/** A 3-D Secure (or identity) check: the user approves it or declines. */
export function ChallengeAction({ intent, type }: { intent: Intent; type: '3ds' | 'identity' }) {
  const resume = useResume(intent.intent_id);
  return (
    <div aria-busy={resume.submitting !== null}>
      <p>{intent.next_action?.instructions || 'Your bank asks you to approve this payment.'}</p>
      <ErrorMessage message={resume.error?.message} testId="action-error" />
      <div className="actions">
        <button
          className="primary"
          type="button"
          disabled={resume.submitting !== null}
          onClick={() => void resume.answer({ type, completed: true })}
          data-testid="action-continue"
        >
          {resume.submitting === 'accept' ? 'Continuing…' : 'Continue'}
        </button>
        <DeclineButton type={type} resume={resume} />
      </div>
    </div>
  );
}
