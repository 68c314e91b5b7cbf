import type { Challenge, Checkout, StoreTx } from '../ports';
import type { ExecutionStep } from '../vocabulary';
import type { IntentDoc } from './intent-doc';
import type { GuardrailCheck } from './receipt';
import type { ChosenOffer } from './offer-link';

export type Step = ExecutionStep;

/** What every attempt document holds, whatever its step. */
interface ExecutionBase {
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
  /** A product_id intent: the offer the monitor chose and the others' costs then; else absent. */
  offer?: ChosenOffer | null;
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
  /** Identity actions answered in this attempt: each update of the session needs its own key. */
  identity_round?: number;
  retries: number;
  /** The complete call is in flight: cancel is refused until it is known whether it charged. */
  completing: boolean;
  /** When the complete call was claimed: the moment a charge, if any, was made. */
  completing_at?: string | null;
  last_error: { code: string; message: string } | null;
  created_at: string;
  updated_at: string;
}

/** What the steps before `complete_checkout` established: the session, its checked total, the token. */
interface Checked {
  checkout: Checkout;
  accepted_total_cents: number;
  guardrails: GuardrailCheck[];
}

/**
 * One execution attempt of an intent: the recovery point of every step. The executor writes it
 * before and after each merchant call, so a restart continues from the last recorded step with the
 * same Idempotency-Keys and can never place a second order. Keyed by its step: each step's
 * document holds what the steps before it recorded.
 */
export type ExecutionDoc =
  | (ExecutionBase & { step: 'create_checkout'; connector: 'acp' })
  | (ExecutionBase & { step: 'verify_totals'; connector: 'acp'; checkout: Checkout })
  | (ExecutionBase & Checked & { step: 'delegate_payment'; connector: 'acp' })
  /** `token` is null for an invoice on terms: no card is delegated. */
  | (ExecutionBase &
      Checked & { step: 'complete_checkout'; connector: 'acp'; token: string | null })
  /** Waits for the user's answer to the bank; `challenge` is cleared when the attempt ends. */
  | (ExecutionBase & Checked & { step: 'authenticate'; connector: 'acp'; token: string })
  | (ExecutionBase & { step: 'confirm'; connector: 'assisted' });

/** The attempt document at one step. */
export type ExecutionAt<S extends Step> = Extract<ExecutionDoc, { step: S }>;

export const executionIdOf = (intentId: string, attempt: number) => `${intentId}:${attempt}`;

export async function latestExecution(tx: Pick<StoreTx, 'get'>, intent: IntentDoc) {
  const attempt = intent.latest_execution?.attempt;
  return attempt
    ? tx.get<ExecutionDoc>('executions', executionIdOf(intent.intent_id, attempt))
    : undefined;
}
