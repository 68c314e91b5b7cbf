/**
 * The engine's closed lists: each is the one source of its union type, its zod enum, the OpenAPI
 * document and the docs (test/unit/vocabulary.test.ts checks docs/events.md). No imports: the
 * extension's pages use them through engine/contract.ts without pulling engine code in.
 */

/** Intent states (CONTRACT §8); the machine's table (machine/transitions.ts) moves between them. */
export const STATUSES = [
  'active',
  'waiting',
  'executing',
  'requires_user_action',
  'succeeded',
  'failed',
  'expired',
  'canceled',
] as const;
export type Status = (typeof STATUSES)[number];

/** Nothing ever leaves these. */
export const TERMINAL_STATUSES: readonly Status[] = ['succeeded', 'failed', 'expired', 'canceled'];

export const EVENT_TYPES = [
  'intent.created',
  'intent.waiting',
  'intent.executing',
  'execution.step_started',
  'execution.step_succeeded',
  'execution.step_failed',
  'execution.needs_user_action',
  'intent.resumed',
  'intent.succeeded',
  'intent.failed',
  'intent.canceled',
  'intent.expired',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Events about webhook endpoints rather than intents (`intent_id` null); docs/events.md lists them. */
export const WEBHOOK_EVENT_TYPES = ['webhook.test', 'webhook_endpoint.disabled'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Why an intent waits (`intent.waiting` data.reason): a check found a condition unmet, or an attempt ended without buying. */
export const WAITING_REASONS = [
  'MERCHANT_NOT_ALLOWED',
  'OUT_OF_STOCK',
  'PREORDER',
  'BACKORDER',
  'DISCONTINUED',
  'IN_STORE_ONLY',
  'STOCK_UNKNOWN',
  'AMBIGUOUS_OFFER',
  'CURRENCY_MISMATCH',
  'PRICE_UNKNOWN',
  'PRICE_ABOVE_LIMIT',
  'TOTAL_ABOVE_LIMIT',
  'QUANTITY_MISMATCH',
  'OUTSIDE_TIME_WINDOW',
  'OUTSIDE_DATE_RANGE',
  'OBSERVATION_FAILED',
  'CHECKOUT_NOT_READY',
  'USER_DECLINED',
  'INVENTORY_ABOVE_THRESHOLD',
  'SUPPLIER_UNKNOWN',
  'NO_OFFER',
  'CHEAPER_ELSEWHERE',
  'MERCHANT_ERROR',
] as const;
export type WaitingReason = (typeof WAITING_REASONS)[number];

/** The steps of an execution attempt (`latest_execution.step`, step events). */
export const EXECUTION_STEPS = [
  'create_checkout',
  'verify_totals',
  'delegate_payment',
  'complete_checkout',
  'authenticate',
  'confirm',
] as const;
export type ExecutionStep = (typeof EXECUTION_STEPS)[number];

/**
 * `latest_execution.status`: running or waiting for the user while the attempt lasts; then how
 * it ended (execute/endings.ts), or the intent's end when a cancel or expiry cut it short.
 */
export const EXECUTION_STATUSES = [
  'running',
  'requires_user_action',
  'succeeded',
  'failed',
  'expired',
  'canceled',
  'abandoned',
  'declined',
] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

/** What an intent can wait for the user to do (`next_action.type`, `user_action.type`). */
export const USER_ACTION_TYPES = ['otp', '3ds', 'confirmation', 'identity'] as const;
export type UserActionType = (typeof USER_ACTION_TYPES)[number];

/** Stock as observed (CONTRACT §7). */
export const AVAILABILITIES = [
  'in_stock',
  'limited',
  'out_of_stock',
  'preorder',
  'backorder',
  'discontinued',
  'in_store_only',
  'unknown',
] as const;
export type Availability = (typeof AVAILABILITIES)[number];

export const EXTRACTION_SOURCES = [
  'json-ld',
  'microdata',
  'rdfa',
  'opengraph',
  'text',
  'none',
] as const;

/** `payment.billing_terms`: paid by invoice (pm_invoice_net_terms), due this many days after the order. */
export const BILLING_TERMS = ['net-15', 'net-30', 'net-60', 'due_on_receipt'] as const;
export type BillingTerms = (typeof BILLING_TERMS)[number];

/** `conditions.strategy`: how an intent with several possible offers chooses (CONTRACT §9). */
export const STRATEGIES = ['lowest_price', 'earliest_available'] as const;
export type Strategy = (typeof STRATEGIES)[number];

/** Buyer and delivery details an identity action may ask for (CONTRACT §10; `next_action.fields`). */
export const IDENTITY_FIELDS = ['name', 'email', 'phone', 'shipping_address'] as const;
export type IdentityField = (typeof IDENTITY_FIELDS)[number];
/** The parts of `shipping_address`; `line2` and `state` may be left out. */
export const ADDRESS_PARTS = ['line1', 'line2', 'city', 'state', 'postal_code', 'country'] as const;

/**
 * Appointment kinds a facility offers (`POST /v1/resolve/appointment-facilities` `kind`, the
 * `kinds` of imported facilities). A closed list, so that a typo is a 400 rather than no result.
 */
export const FACILITY_KINDS = [
  'passport',
  'dmv',
  'national_id',
  'visa',
  'immigration',
  'social_security',
  'tax',
  'notary',
] as const;
export type FacilityKind = (typeof FACILITY_KINDS)[number];
