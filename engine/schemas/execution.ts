import type { Challenge, Checkout, StoreTx } from '../ports';
import type { ExecutionStep } from '../vocabulary';
import type { IntentDoc } from './intent-doc';
import type { GuardrailCheck } from './receipt';

export type Step = ExecutionStep;

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

export async function latestExecution(tx: Pick<StoreTx, 'get'>, intent: IntentDoc) {
  const attempt = intent.latest_execution?.attempt;
  return attempt
    ? tx.get<ExecutionDoc>('executions', executionIdOf(intent.intent_id, attempt))
    : undefined;
}
