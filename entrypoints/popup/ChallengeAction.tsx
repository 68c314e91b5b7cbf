import type { Intent } from '@/components/stores/types';
import { ActionFooter } from './ActionFooter';
import { useResume } from './use-resume';

/** A 3-D Secure (or identity) check: the user approves it or declines. */
export function ChallengeAction({ intent, type }: { intent: Intent; type: '3ds' | 'identity' }) {
  const resume = useResume(intent.intent_id);
  return (
    <div aria-busy={resume.submitting !== null}>
      <p>{intent.next_action?.instructions || 'Your bank asks you to approve this payment.'}</p>
      <ActionFooter
        type={type}
        resume={resume}
        label="Continue"
        busyLabel="Continuing…"
        testId="action-continue"
        onAccept={() => void resume.answer({ type, completed: true })}
      />
    </div>
  );
}
