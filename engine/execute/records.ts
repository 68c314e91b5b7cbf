import type { EngineContext } from '../context';
import { appendEvent } from '../events/log';
import { isTerminal } from '../machine/states';
import type { StoreTx } from '../ports';
import { executionIdOf, type ExecutionDoc } from '../schemas/execution';
import type { IntentDoc } from '../schemas/intent-doc';
import type { ChosenOffer } from '../schemas/offer-link';
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
  offer: {
    merchant: string | null;
    sku: string | null;
    productUrl: string | null;
    connector: 'acp' | 'assisted';
  },
  quantity: number,
  chosen?: ChosenOffer,
): Promise<ExecutionDoc> {
  const now = isoTime(ctx.clock.now());
  const common = {
    execution_id: executionIdOf(intent.intent_id, attempt),
    intent_id: intent.intent_id,
    attempt,
    livemode: intent.livemode,
    state: 'running' as const,
    started_step: null,
    merchant: offer.merchant,
    product_url: intent.objective.product?.product_url ?? offer.productUrl,
    sku: offer.sku,
    ...(chosen ? { offer: chosen } : {}),
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
  const exec: ExecutionDoc =
    offer.connector === 'assisted'
      ? { ...common, step: 'confirm', connector: 'assisted' }
      : { ...common, step: 'create_checkout', connector: 'acp' };
  await tx.put('executions', exec);
  return exec;
}

/** The intent's `latest_execution` for an attempt in a given status. */
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

/** Writes an execution doc with a fresh updated_at. */
export async function saveExecution<E extends ExecutionDoc>(
  tx: StoreTx,
  ctx: EngineContext,
  exec: E,
): Promise<E> {
  const saved = { ...exec, updated_at: isoTime(ctx.clock.now()) };
  await tx.put('executions', saved);
  return saved;
}

/**
 * Updates the intent's latest_execution without a status change. An intent that ended meanwhile
 * (canceled while a merchant call was in flight) is left as it ended.
 */
export async function touchIntent(
  tx: StoreTx,
  ctx: EngineContext,
  exec: ExecutionDoc,
  status: ExecutionStatus,
) {
  const intent = await tx.get<IntentDoc>('intents', exec.intent_id);
  if (!intent || isTerminal(intent.status)) return;
  await tx.put('intents', {
    ...intent,
    latest_execution: summaryOf(exec, status),
    updated_at: isoTime(ctx.clock.now()),
    version: intent.version + 1,
  });
}

export async function recordStep(
  tx: StoreTx,
  ctx: EngineContext,
  exec: ExecutionDoc,
  type: 'execution.step_started' | 'execution.step_succeeded' | 'execution.step_failed',
  data: Record<string, unknown> = {},
) {
  const intent = await tx.get<IntentDoc>('intents', exec.intent_id);
  // Nothing is logged after an intent's last event (it ended while this step was running).
  if (intent && !isTerminal(intent.status))
    await appendEvent(tx, ctx, intent, type, { attempt: exec.attempt, step: exec.step, ...data });
}
