import type { EngineContext } from '../context';
import type { IntentDoc } from '../intents/record';
import type { Challenge, Checkout, StoreTx } from '../ports';
import { isoTime } from '../util/time';
import type { GuardrailCheck } from './verify';

export type Step =
  | 'create_checkout'
  | 'verify_totals'
  | 'delegate_payment'
  | 'complete_checkout'
  | 'authenticate'
  | 'confirm';

/**
 * One execution attempt of an intent: the recovery point of every step. The executor writes it
 * before and after each merchant call, so a restart continues from the last recorded step with the
 * same Idempotency-Keys and can never place a second order.
 */
export interface ExecutionDoc {
  [field: string]: unknown;
  execution_id: string;
  intent_id: string;
  attempt: number;
  livemode: boolean;
  /** running: the executor owns it; awaiting_user: requires_user_action; finished: done either way. */
  state: 'running' | 'awaiting_user' | 'finished';
  step: Step;
  /** The step whose step_started event is recorded (so a restart does not record it twice). */
  started_step: Step | null;
  connector: 'acp' | 'assisted';
  merchant: string | null;
  product_url: string | null;
  sku: string | null;
  quantity: number;
  checkout: Checkout | null;
  accepted_total_cents: number | null;
  /** What verify_totals checked; copied into the receipt. */
  guardrails: GuardrailCheck[] | null;
  token: string | null;
  /** Rounds of authentication so far: each authenticated complete needs its own key. */
  auth_round: number;
  /** The issuer's authentication result (a cryptogram) — never the OTP itself. */
  authentication: unknown;
  challenge: Challenge | null;
  wrong_codes: number;
  retries: number;
  /** The complete call is in flight: cancel is refused until it is known whether it charged. */
  completing: boolean;
  /** When the complete call was claimed: the moment a charge, if any, was made. */
  completing_at?: string | null;
  last_error: { code: string; message: string } | null;
  created_at: string;
  updated_at: string;
}

export const executionIdOf = (intentId: string, attempt: number) => `${intentId}:${attempt}`;

/** Idempotency-Key for every merchant call of one attempt (and authentication round). */
export const merchantKeyOf = (exec: Pick<ExecutionDoc, 'intent_id' | 'attempt' | 'auth_round'>) =>
  `ic_${exec.intent_id}_a${exec.attempt}${exec.auth_round > 0 ? `_auth${exec.auth_round}` : ''}`;

export async function latestExecution(tx: Pick<StoreTx, 'get'>, intent: IntentDoc) {
  const attempt = intent.latest_execution?.attempt;
  return attempt
    ? tx.get<ExecutionDoc>('executions', executionIdOf(intent.intent_id, attempt))
    : undefined;
}

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

export function summaryOf(exec: ExecutionDoc, status: string) {
  return {
    attempt: exec.attempt,
    step: exec.step,
    status,
    total_cents: exec.accepted_total_cents ?? exec.checkout?.totals.total_cents ?? null,
    merchant: exec.merchant,
    last_error: exec.last_error,
  };
}
