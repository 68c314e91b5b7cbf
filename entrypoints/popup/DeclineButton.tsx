import type { UserActionType } from '@/components/stores/types';
import type { ResumeState } from './use-resume';

/** Every action card can be declined: the attempt ends and the intent goes back to waiting. */
export function DeclineButton({ type, resume }: { type: UserActionType; resume: ResumeState }) {
  return (
    <button
      type="button"
      disabled={resume.submitting !== null}
      onClick={() => void resume.answer({ type, completed: false })}
      data-testid="action-decline"
    >
      {resume.submitting === 'decline' ? 'Declining…' : 'Decline'}
    </button>
  );
}
