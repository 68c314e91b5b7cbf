import type { EngineContext } from '../context';
import type { IntentDoc } from '../schemas/intent-doc';
import type { StoreTx } from '../ports';
import { executionIdOf, type ExecutionDoc } from '../schemas/execution';
import { isoTime } from '../util/time';
import type { ExecutionStatus } from '../vocabulary';

/** Idempotency-Key for every merchant call of one attempt (and authentication round). */
export const merchantKeyOf = (exec: Pick<ExecutionDoc, 'intent_id' | 'attempt' | 'auth_round'>) =>
  `ic_${exec.intent_id}_a${exec.attempt}${exec.auth_round > 0 ? `_auth${exec.auth_round}` : ''}`;

/** Opens an attempt in the transaction that moves the intent to executing. */
export async function openExecution(
  tx: StoreTx,
  ctx: EngineContext,
  intent: IntentDoc,
  attempt: number,
  offer: { merchant: string | null; sku: string | null; connector: 'acp' | 'assisted' },
  quantity: number,
): Promise<ExecutionDoc> {
  const now = isoTime(ctx.clock.now());
  const exec: ExecutionDoc = {
    execution_id: executionIdOf(intent.intent_id, attempt),
    intent_id: intent.intent_id,
    attempt,
    livemode: intent.livemode,
    state: 'running',
    step: offer.connector === 'assisted' ? 'confirm' : 'create_checkout',
    started_step: null,
    connector: offer.connector,
    merchant: offer.merchant,
    product_url: intent.objective.product?.product_url ?? null,
    sku: offer.sku,
    quantity,
    checkout: null,
    accepted_total_cents: null,
    guardrails: null,
    token: null,
    auth_round: 0,
    authentication: null,
    challenge: null,
    wrong_codes: 0,
    retries: 0,
    completing: false,
    last_error: null,
    created_at: now,
    updated_at: now,
  };
  await tx.put('executions', exec);
  return exec;
}

export function summaryOf(exec: ExecutionDoc, status: ExecutionStatus) {
  return {
    attempt: exec.attempt,
    step: exec.step,
    status,
    total_cents: exec.accepted_total_cents ?? exec.checkout?.totals.total_cents ?? null,
    merchant: exec.merchant,
    last_error: exec.last_error,
  };
}
