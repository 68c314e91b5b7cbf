import type { UserActionType } from '@/components/stores/types';
import { ErrorMessage } from '@/components/ui/ErrorMessage';
import { DeclineButton } from './DeclineButton';
import type { ResumeState } from './use-resume';

interface ActionFooterProps {
  type: UserActionType;
  resume: ResumeState;
  label: string;
  busyLabel: string;
  testId: string;
  /** Without it the button submits the card's form. */
  onAccept?: () => void;
}

/** The error in place, the main answer and Decline: the foot of every action card. */
export function ActionFooter({
  type,
  resume,
  label,
  busyLabel,
  testId,
  onAccept,
}: ActionFooterProps) {
  return (
    <>
      <ErrorMessage message={resume.error?.message} testId="action-error" />
      <div className="actions">
        <button
          className="primary"
          type={onAccept ? 'button' : 'submit'}
          disabled={resume.submitting !== null}
          onClick={onAccept}
          data-testid={testId}
        >
          {resume.submitting === 'accept' ? busyLabel : label}
        </button>
        <DeclineButton type={type} resume={resume} />
      </div>
    </>
  );
}
