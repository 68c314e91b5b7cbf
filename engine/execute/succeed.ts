import type { IntentDoc } from '../schemas/intent-doc';
import { applyTransition } from '../machine/apply';
import { findPaymentMethod } from '../payments/methods';
import { buildSignedReceipt } from '../receipts/build';
import { isoTime } from '../util/time';
import { endAttempt, recordStep } from './outcomes';
import type { ExecutionDoc } from '../schemas/execution';
import type { StepDeps, StepResult } from './deps';
import type { GuardrailCheck } from '../schemas/receipt';
import type { StoreTx } from '../ports';

/**
 * Records the order: receipt, step event and intent.succeeded in one transaction. `confirmed`
 * marks the assisted flow, where the user's confirmation first resumes the intent.
 */
export async function succeed(
  deps: StepDeps,
  exec: ExecutionDoc,
  intent: IntentDoc,
  guardrails?: GuardrailCheck[],
  confirmed = false,
  /** More writes for the same transaction (the resume call's stored response). */
  alsoIn?: (tx: StoreTx) => Promise<void>,
): Promise<StepResult> {
  const receiptId = deps.ctx.ids.next('rcpt');
  const checkout = exec.checkout!;
  const receipt = await buildSignedReceipt(
    {
      receiptId,
      intent,
      merchant: exec.merchant ?? deps.connector?.merchantId ?? 'unknown',
      checkout,
      paymentMethod: intent.payment?.payment_method_id
        ? (findPaymentMethod(intent.livemode, intent.payment.payment_method_id) ?? null)
        : null,
      guardrails: guardrails ?? exec.guardrails ?? [],
      executedAt: isoTime(deps.ctx.clock.now()),
    },
    await deps.signer(),
  );
  deps.failpoint('succeed:before_commit');
  await deps.ctx.store.transact(async (tx) => {
    if (confirmed) {
      await applyTransition(
        tx,
        deps.ctx,
        exec.intent_id,
        'resume',
        { action_type: 'confirmation' },
        { next_action: null },
      );
    }
    await tx.put('receipts', { ...receipt, scope: intent.scope });
    await recordStep(tx, deps.ctx, exec, 'execution.step_succeeded', {
      order_id: checkout.order?.id ?? null,
    });
    await endAttempt(
      tx,
      deps.ctx,
      exec,
      'succeed',
      {
        merchant: receipt.merchant,
        total_charged_cents: receipt.totals.total_charged_cents,
        currency: receipt.currency,
        receipt_id: receiptId,
        order_id: receipt.order.id,
      },
      { receipt_id: receiptId, next_action: null },
      'succeeded',
    );
    await alsoIn?.(tx);
  });
  return true;
}
