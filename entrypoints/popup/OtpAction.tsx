import { useEffect, useRef, useState } from 'react';
import type { Intent } from '@/components/stores/types';
import { TextField } from '@/components/ui/TextField';
import { ActionFooter } from './ActionFooter';
import { useResume } from './use-resume';

/** The bank sent a one-time code: type it here. */
export function OtpAction({ intent }: { intent: Intent }) {
  const resume = useResume(intent.intent_id);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // A wrong code keeps the field: focus it and select the code so it can be typed again.
  useEffect(() => {
    if (resume.error) {
      input.current?.focus();
      input.current?.select();
    }
  }, [resume.error]);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    setMissing(trimmed === '');
    if (trimmed === '' || resume.submitting) return;
    void resume.answer({ type: 'otp', completed: true, code: trimmed });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={resume.submitting !== null}>
      <TextField
        label={intent.next_action?.instructions || 'Enter the code your bank sent you'}
        value={code}
        onChange={setCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={32}
        required
        inputRef={input}
        error={missing ? 'Enter the code first.' : null}
        testId="otp-input"
      />
      <ActionFooter
        type="otp"
        resume={resume}
        label="Submit code"
        busyLabel="Checking the code…"
        testId="otp-submit"
      />
    </form>
  );
}
