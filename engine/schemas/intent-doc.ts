import type { Status, WaitingReason } from '../vocabulary';
import type { CreateIntentInput } from './intent-input';
import type { IdentityDetails } from './identity';
import type { ExecutionSummary, NextAction, Observation } from './intent';

/** The inventory report that made a procurement intent eligible (named in intent.executing). */
export interface TriggerFired {
  report_id: string;
  sku: string;
  quantity: number;
  threshold: number;
  observed_at: string;
}

/** An intent as stored. The public shape is built by toIntentView; internal fields never leave. */
export interface IntentDoc {
  [field: string]: unknown;
  intent_id: string;
  scope: string;
  partner_id: string;
  livemode: boolean;
  external_user_id: string;
  type: 'purchase';
  objective: CreateIntentInput['objective'];
  conditions: NonNullable<CreateIntentInput['conditions']>;
  guardrails: NonNullable<CreateIntentInput['guardrails']>;
  payment: CreateIntentInput['payment'] | null;
  metadata: NonNullable<CreateIntentInput['metadata']>;
  status: Status;
  created_at: string;
  updated_at: string;
  next_action: NextAction | null;
  last_observation: Observation | null;
  latest_execution: ExecutionSummary | null;
  receipt_id: string | null;
  /**
   * The observed price when a checkout was refused over a limit (shipping, tax): the monitor does
   * not try again until the page shows a lower price. Null otherwise.
   */
  blocked_at_price_cents?: number | null;
  /** Why that checkout was refused (TOTAL_ABOVE_LIMIT, USER_DECLINED…): the reason while blocked. */
  blocked_reason?: WaitingReason | null;
  /**
   * Until when a checkout refused for stock (the page said in stock, the merchant did not) is not
   * tried again, whatever the page says: a stale page must not start a checkout every check, and
   * stock that really returns must still be bought. Null otherwise.
   */
  blocked_until_ms?: number | null;
  /**
   * product_id: since when the choice has waited for an offer whose page failed at its latest
   * check (monitor/decide-product.ts). Past the patience, such offers are left out. Null when not.
   */
  undecided_since_ms?: number | null;
  /** Reason of the last intent.waiting event, to emit a new one only when it changes. */
  waiting_reason: string | null;
  /** The watch (URL + mode) the monitor checks for this intent; null once terminal. */
  watch_id: string | null;
  /** Procurement: the sku whose inventory reports the trigger compares (null once terminal). */
  trigger_sku?: string | null;
  /** Procurement: the report that fired the trigger; set until a later report rises above it. */
  trigger_fired?: TriggerFired | null;
  /** Buyer details given in an identity action, for this and later attempts; never returned. */
  identity?: IdentityDetails | null;
  /** guardrails.expires_at in ms, for the expiry sweep; null once terminal or when none. */
  expires_at_ms: number | null;
  /** Bumped on every write; lets long-running work detect that the intent moved on. */
  version: number;
}
