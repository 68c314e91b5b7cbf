import { useState } from 'react';
import { errorCode, errorMessage } from '@/components/stores/api';
import { useIntentsStore } from '@/components/stores/intents-store';
import { focusSoon } from '@/components/stores/view-store';
import type { UserAction } from '@/components/stores/types';

/** Answers an intent's next_action; keeps the error (and its code) to show in place. */
export function useResume(intentId: string) {
  const resume = useIntentsStore((state) => state.resume);
  const [submitting, setSubmitting] = useState<'accept' | 'decline' | null>(null);
  const [error, setError] = useState<{ message: string; code: string | null } | null>(null);

  const answer = async (action: UserAction): Promise<boolean> => {
    setSubmitting(action.completed ? 'accept' : 'decline');
    setError(null);
    try {
      await resume(intentId, action);
      // The answered card is gone with its form: keep the keyboard user on the list.
      focusSoon('#tab-watching');
      return true;
    } catch (failure) {
      setError({ message: errorMessage(failure), code: errorCode(failure) });
      return false;
    } finally {
      setSubmitting(null);
    }
  };

  return { answer, submitting, error };
}

export type ResumeState = ReturnType<typeof useResume>;
