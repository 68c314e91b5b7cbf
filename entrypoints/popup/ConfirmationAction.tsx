import { useState } from 'react';
import type { Intent } from '@/components/stores/types';
import { parseMajor } from '@/components/ui/money';
import { TextField } from '@/components/ui/TextField';
import { ActionFooter } from './ActionFooter';
import { useResume } from './use-resume';

/** Assisted purchase: the user bought it at the merchant and confirms here. */
export function ConfirmationAction({ intent }: { intent: Intent }) {
  const resume = useResume(intent.intent_id);
  const [orderId, setOrderId] = useState('');
  const [total, setTotal] = useState('');
  const currency = intent.conditions.currency ?? intent.last_observation?.currency ?? 'USD';
  const parsedTotal = total.trim() ? parseMajor(total, currency) : null;
  const totalError = parsedTotal && 'error' in parsedTotal ? parsedTotal.error : null;

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (totalError || resume.submitting) return;
    const data: Record<string, unknown> = {};
    if (orderId.trim()) data.order_id = orderId.trim();
    if (parsedTotal && 'minor' in parsedTotal) data.total_charged_cents = parsedTotal.minor;
    void resume.answer({
      type: 'confirmation',
      completed: true,
      ...(Object.keys(data).length ? { data } : {}),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={resume.submitting !== null}>
      <p>{intent.next_action?.instructions}</p>
      <div className="row">
        <TextField
          label="Order number (optional)"
          value={orderId}
          onChange={setOrderId}
          maxLength={200}
          autoComplete="off"
        />
        <TextField
          label={`Total paid, ${currency} (optional)`}
          value={total}
          onChange={setTotal}
          inputMode="decimal"
          autoComplete="off"
          error={totalError}
        />
      </div>
      <ActionFooter
        type="confirmation"
        resume={resume}
        label="I bought it"
        busyLabel="Recording…"
        testId="action-confirm"
      />
    </form>
  );
}
