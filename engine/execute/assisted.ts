import type { EngineContext } from '../context';
import type { IntentDoc } from '../schemas/intent-doc';
import { applyTransition } from '../machine/apply';
import type { StoreTx } from '../ports';
import { minorUnits } from '../money';
import { saveExecution } from './records';
import type { ExecutionAt } from '../schemas/execution';

const money = (minor: number | undefined, currency: string | undefined) => {
  if (minor === undefined) return null;
  const digits = minorUnits(currency ?? 'USD');
  return `${(minor / 10 ** digits).toFixed(digits)}${currency ? ` ${currency}` : ''}`;
};

/**
 * An alert-and-confirm intent (CONTRACT §10): it names no payment method, so it can never be
 * charged; every merchant, even one with an API connector, goes through the assisted flow.
 */
export const isAlertOnly = (intent: Pick<IntentDoc, 'payment'>) =>
  !intent.payment?.payment_method_id;

/**
 * The assisted connector (CONTRACT §10) for shops with no API: the user buys at the merchant and
 * confirms here. Nothing is charged by us; the receipt records what the user reports.
 */
export async function askForConfirmation(
  tx: StoreTx,
  ctx: EngineContext,
  exec: ExecutionAt<'confirm'>,
  intent: IntentDoc,
) {
  const limit = money(
    intent.payment?.max_charge_cents ?? intent.conditions.max_price_cents,
    intent.conditions.currency,
  );
  const procurement = intent.objective.procurement;
  const title =
    intent.objective.product?.product_title ??
    (procurement ? `${procurement.quantity} × ${procurement.item.name}` : 'the product');
  const instructions = `Your conditions hold: buy ${title} at ${exec.product_url ?? exec.merchant}${limit ? ` for at most ${limit}` : ''}, then confirm the purchase here (or decline).`;
  await saveExecution(tx, ctx, { ...exec, state: 'awaiting_user', step: 'confirm' });
  await applyTransition(
    tx,
    ctx,
    exec.intent_id,
    'needs_user_action',
    { action_type: 'confirmation', instructions },
    {
      next_action: {
        type: 'confirmation',
        instructions,
        expires_at: intent.guardrails.expires_at ?? null,
      },
      latest_execution: {
        attempt: exec.attempt,
        step: 'confirm',
        status: 'requires_user_action',
        total_cents: null,
        merchant: exec.merchant,
        last_error: null,
      },
    },
  );
}
