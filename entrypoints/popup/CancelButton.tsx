import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/components/stores/api';
import { useIntentsStore } from '@/components/stores/intents-store';
import { focusSoon } from '@/components/stores/view-store';
import { ErrorMessage } from '@/components/ui/ErrorMessage';

/** Cancel with a confirm step; the confirm button takes focus so Enter/Escape work at once. */
export function CancelButton({ intentId, title }: { intentId: string; title: string }) {
  const cancel = useIntentsStore((state) => state.cancel);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const close = () => {
    setConfirming(false);
    requestAnimationFrame(() => cancelButton.current?.focus());
  };

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await cancel(intentId);
      // The row's buttons are gone (the intent is terminal): keep the keyboard user on the list.
      focusSoon('#tab-watching');
    } catch (failure) {
      setError(errorMessage(failure));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  if (!confirming) {
    return (
      <>
        <button
          ref={cancelButton}
          type="button"
          onClick={() => setConfirming(true)}
          aria-label={`Cancel watching ${title}`}
          data-testid="intent-cancel"
        >
          Cancel
        </button>
        <ErrorMessage message={error} />
      </>
    );
  }
  return (
    <div
      className="confirm"
      role="group"
      aria-label={`Stop watching ${title}?`}
      onKeyDown={(event) => event.key === 'Escape' && close()}
    >
      <span>Stop watching?</span>
      <button
        ref={confirmButton}
        type="button"
        className="danger"
        disabled={busy}
        onClick={() => void confirm()}
        data-testid="intent-cancel-confirm"
      >
        {busy ? 'Canceling…' : 'Yes, cancel'}
      </button>
      <button type="button" disabled={busy} onClick={close}>
        Keep
      </button>
    </div>
  );
}
