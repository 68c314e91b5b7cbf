import type { EngineContext } from '../context';
import { appendEvent } from '../events/log';
import type { IntentDoc } from '../schemas/intent-doc';
import { applyTransition } from '../machine/apply';
import { isTerminal } from '../machine/states';
import type { Trigger } from '../machine/transitions';
import type { MerchantConnector, StoreTx } from '../ports';
import { isoTime } from '../util/time';
import type { ExecutionStatus } from '../vocabulary';
import { merchantKeyOf, summaryOf } from './records';
import { type ExecutionDoc } from '../schemas/execution';

/** Writes an execution doc with a fresh updated_at. */
export async function saveExecution(tx: StoreTx, ctx: EngineContext, exec: ExecutionDoc) {
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

/**
 * Ends the attempt with a transition (back to waiting, failed, expired, succeeded…). Returns
 * false when the intent is no longer in a state the row applies to (canceled meanwhile).
 */
export async function endAttempt(
  tx: StoreTx,
  ctx: EngineContext,
  exec: ExecutionDoc,
  trigger: Trigger,
  data: Record<string, unknown>,
  patch: Partial<IntentDoc> = {},
  status: ExecutionStatus,
): Promise<boolean> {
  const finished = await saveExecution(tx, ctx, {
    ...exec,
    state: 'finished',
    completing: false,
    challenge: null,
  });
  const applied = await applyTransition(tx, ctx, exec.intent_id, trigger, data, {
    latest_execution: summaryOf(finished, status),
    ...patch,
  });
  return applied !== null;
}

/** Best effort: a session we will not pay for is canceled so the merchant releases stock. */
export async function releaseCheckout(connector: MerchantConnector | null, exec: ExecutionDoc) {
  if (!connector || !exec.checkout || exec.checkout.status === 'completed') return;
  try {
    await connector.cancelCheckout(exec.checkout.id, `${merchantKeyOf(exec)}_cancel`);
  } catch {
    // The session expires at the merchant anyway; nothing was paid.
  }
}
