import { useState } from 'react';
import type { Intent } from '@/components/stores/types';
import { shopPageOf } from '@/components/stores/offer-pages';
import { hostOf } from '@/components/ui/labels';
import { formatMoney, parseMajor } from '@/components/ui/money';
import { TextField } from '@/components/ui/TextField';
import { ActionFooter } from './ActionFooter';
import { useResume } from './use-resume';

/** The price the last check saw, as money in the page's currency (else the max price). */
function priceToPay(intent: Intent): string | null {
  const seen = intent.last_observation;
  if (seen?.price_cents != null && seen.currency)
    return formatMoney(seen.price_cents, seen.currency);
  const { max_price_cents, currency } = intent.conditions;
  return max_price_cents !== undefined && currency ? formatMoney(max_price_cents, currency) : null;
}

/**
 * The way to the shop: the product page in a new tab, "Buy at shop.example — €1,199" (for a watch
 * at several shops, the page of the one chosen).
 */
function BuyAtShop({ intent }: { intent: Intent }) {
  const url = shopPageOf(intent);
  if (!url) return <p>{intent.next_action?.instructions}</p>;
  const price = priceToPay(intent);
  const quantity = intent.objective.quantity ?? 1;
  return (
    <>
      <a
        className="button primary"
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="action-buy-at-shop"
      >
        Buy at {hostOf(url)}
        {price ? ` — ${price}` : ''}
      </a>
      <p className="hint">
        {quantity > 1 ? `Buy ${quantity} on the shop's page` : "Buy it on the shop's page"}, then
        come back and tell us below.
      </p>
    </>
  );
}

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
      <BuyAtShop intent={intent} />
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
