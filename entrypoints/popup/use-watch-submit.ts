import { useState } from 'react';
import { errorMessage } from '@/components/stores/api';
import { useIntentsStore } from '@/components/stores/intents-store';
import { useViewStore } from '@/components/stores/view-store';
import { watchProduct, type WatchDraft } from '@/components/stores/watch';

/** Submits a Watch draft; on success shows the Watching tab. */
export function useWatchSubmit() {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const moveToTab = useViewStore((state) => state.moveToTab);

  /** Must be called synchronously from the submit event: the permission prompt needs it. */
  const submit = async (draft: WatchDraft) => {
    setSubmitting(true);
    setError(null);
    try {
      await watchProduct(draft);
      void useIntentsStore.getState().refresh();
      moveToTab('watching');
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return { submitting, error, submit };
}
