/**
 * The engine touches the world only through these ports. Adapters live in engine/adapters
 * (runtime-neutral or browser) and server/ (Node only).
 */
import type { Caller } from './caller';
import type { IdentityField, UserActionType } from './vocabulary';

// ---------- clock and ids ----------

export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export interface IdSource {
  /** A new sortable id with the given prefix, e.g. `int_01J...`. */
  next(prefix: string): string;
}

// ---------- store ----------

export type IndexValue = string | number;

export interface TableDef {
  /** Field of the document that is its primary key (a string). */
  readonly key: string;
  /** index name -> fields, compared in order. Queries fix a prefix and may range over the next field. */
  readonly indexes: Readonly<Record<string, readonly string[]>>;
  /**
   * Fields that compare-and-set writes test (StoreTx.putIfUnchanged, reread) and no index holds,
   * such as an intent's `version`: a store may keep them beside the index columns, unindexed, so
   * that the test need not parse the stored JSON.
   */
  readonly compared?: readonly string[];
}

export interface Range {
  gt?: IndexValue;
  gte?: IndexValue;
  lt?: IndexValue;
  lte?: IndexValue;
}

export interface Query {
  index: string;
  /** Values for the first fields of the index, in order. */
  prefix: readonly IndexValue[];
  /** Bounds on the field right after the prefix. */
  range?: Range;
  order?: 'asc' | 'desc';
  limit?: number;
}

/** A stored document: plain JSON. Index fields hold strings or numbers; null/absent leaves it out of the index. */
export type Doc = Record<string, unknown>;

/** Documents read are snapshots to treat as read-only (adapters may share frozen copies). */
export interface StoreReader {
  get<T extends Doc>(table: string, key: string): Promise<T | undefined>;
  /**
   * The document when the adapter holds it in memory already (a read cache), as `get` would
   * answer it now; undefined otherwise, and then the caller asks `get`. Optional: a hot read
   * (the key and the intent of GET /v1/intents/{id}) without a promise.
   */
  peek?<T extends Doc>(table: string, key: string): T | undefined;
  query<T extends Doc>(table: string, query: Query): Promise<T[]>;
}

export interface StoreTx extends StoreReader {
  /**
   * The document as this transaction sees it, given `seen`, a copy read earlier: `seen` itself
   * when the row's `versionField` (a number every write of the row changes, as an intent's
   * `version`) still holds what `seen` holds, so that the document need not be read and parsed
   * again. Optional: without it, callers `get`.
   */
  reread?<T extends Doc>(
    table: string,
    key: string,
    seen: T,
    versionField: string,
  ): Promise<T | undefined>;
  /**
   * Writes `doc` in place of `seen`, a copy read earlier, if the row's `versionField` still holds
   * what `seen` holds; writes nothing and answers false when it moved or the row is gone. One
   * statement where `reread` then `put` would be two: the row is checked as it is written.
   * Optional: without it, callers `reread` (or `get`) and `put`.
   */
  putIfUnchanged?(table: string, doc: Doc, seen: Doc, versionField: string): Promise<boolean>;
  /**
   * Writes `doc` if no row has its key, and answers undefined; otherwise writes nothing and answers
   * the row as this transaction sees it. Optional (insertIfAbsent in store/insert-if-absent.ts
   * falls back to `get` then `put`): on PostgreSQL a `get` of a missing key locks the key's whole
   * index page for SERIALIZABLE, so that concurrent units adding other keys to that page conflict
   * with each other; the insert locks only its own key.
   */
  insertIfAbsent?<T extends Doc>(table: string, doc: T): Promise<T | undefined>;
  put(table: string, doc: Doc): Promise<void>;
  delete(table: string, key: string): Promise<void>;
}

/** How a unit may be run beside others (Store.transact). */
export interface UnitOptions {
  /**
   * `reads` (the default): the unit acts on what it read, which must still hold when it commits;
   * the store runs it as if alone (PostgreSQL: SERIALIZABLE). `writes`: the unit is right whatever
   * runs beside it, because each of its writes checks what it replaces (putIfUnchanged,
   * insertIfAbsent) or goes to a row only its claimant writes (store/claims.ts); the store may
   * leave out the isolation of its reads (PostgreSQL: READ COMMITTED, so that units writing
   * neighbouring rows of one index page do not fail each other); such a store has
   * putIfUnchanged. Stores that run units one at a time ignore it.
   */
  guardedBy?: 'reads' | 'writes';
}

export interface Store extends StoreReader {
  /**
   * Runs `work` as one atomic, durable unit: all of its writes commit together or none do, and
   * the returned promise settles only after the commit is durable. `work` may only await the
   * operations of `tx` (no network, no timers): adapters may hold a database transaction open.
   */
  transact<T>(work: (tx: StoreTx) => Promise<T>, options?: UnitOptions): Promise<T>;
  close(): Promise<void>;
}

// ---------- network ----------

export interface FetchRequest {
  url: string;
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** `manual`: a 3xx is answered as is and never followed (webhook deliveries). Default `follow`. */
  redirect?: 'follow' | 'manual';
  /** This request's timeout, in place of the fetcher's. */
  timeoutMs?: number;
  /** Read at most this many body bytes and drop the rest, instead of failing `too_large`. */
  readAtMost?: number;
}

export interface FetchResponse {
  status: number;
  /** The URL after redirects. */
  url: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: string;
}

export type FetchFailure =
  | 'invalid_url'
  | 'blocked_address'
  | 'too_many_redirects'
  | 'timeout'
  | 'too_large'
  /** The host asked us to slow down (429/503 Retry-After) and that time has not passed. */
  | 'host_backoff'
  | 'network';

export class FetchError extends Error {
  constructor(
    readonly failure: FetchFailure,
    message: string,
  ) {
    super(message);
    this.name = 'FetchError';
  }
}

/** HTTP client with the guards of CONTRACT §15 (timeout, size cap, redirects re-checked, SSRF). */
export interface Fetcher {
  fetch(request: FetchRequest): Promise<FetchResponse>;
}

// ---------- scheduling ----------

/** Runs `task` repeatedly; returns a stop function. Node timers back it, the alarms API in the extension. */
export interface Scheduler {
  every(intervalMs: number, task: () => Promise<void>): () => void;
}

// ---------- signing ----------

export interface Signer {
  /** Signs with the current key, named by its key id. */
  sign(data: Uint8Array): Promise<{ kid: string; value: Uint8Array }>;
  /** Every public key a receipt here may be signed with, the signing one first (JWKS `keys`). */
  publicJwks(): Promise<(JsonWebKey & { kid: string })[]>;
}

// ---------- merchants ----------

export interface CheckoutLine {
  sku: string;
  name: string | null;
  quantity: number;
  unit_price_cents: number;
  total_cents: number;
}

export interface CheckoutTotals {
  subtotal_cents: number;
  shipping_cents: number;
  tax_cents: number;
  total_cents: number;
}

/** A step-up the bank asks for, answered by the user through us at the issuer's endpoint. */
export interface Challenge {
  id: string;
  type: 'otp' | '3ds';
  answer_url: string;
  instructions: string;
  expires_at: string | null;
  attempts_remaining: number | null;
}

/** Buyer and delivery details given in an identity action (CONTRACT §10), sent to merchants. */
export interface BuyerDetails {
  name?: string;
  email?: string;
  phone?: string;
  shipping_address?: {
    line1: string;
    line2?: string;
    city: string;
    state?: string;
    postal_code: string;
    country: string;
  };
}

export interface Checkout {
  id: string;
  status: 'ready' | 'not_ready' | 'authentication_required' | 'completed' | 'canceled' | 'expired';
  /** ISO 4217, upper case. */
  currency: string;
  lines: CheckoutLine[];
  totals: CheckoutTotals;
  /**
   * Why the session cannot be paid now (out_of_stock, ...). `field`: a buyer detail the merchant
   * needs and lacks (code `missing`), which an identity action can ask the user for.
   */
  problems: { code: string; message: string; field?: IdentityField }[];
  challenge: Challenge | null;
  order: { id: string; permalink_url: string | null } | null;
  /** An order on terms: the merchant's invoice (ACP session metadata.invoice), else null. */
  invoice?: CheckoutInvoice | null;
}

/** ACP B2B payment terms (PaymentData.payment_terms). */
export type AcpPaymentTerms = 'immediate' | 'net_15' | 'net_30' | 'net_60' | 'net_90';

export interface CheckoutInvoice {
  invoice_number: string | null;
  purchase_order_number: string | null;
  payment_terms: AcpPaymentTerms;
  due_date: string;
  amount_due_cents: number;
}

/** How complete pays: a delegated card token, or an invoice on terms (no card). */
export type CompletePayment =
  | { token: string }
  | { invoice: { purchase_order_number: string; payment_terms: AcpPaymentTerms } };

export interface DelegatedCard {
  number: string;
  exp_month: number;
  exp_year: number;
  brand: string;
}

export type ChallengeAnswer =
  | { kind: 'authenticated'; result: unknown }
  | { kind: 'incorrect'; attemptsRemaining: number | null }
  | { kind: 'locked' }
  | { kind: 'denied' }
  | { kind: 'expired' };

/**
 * An error from a merchant call. `outcome` says what we know: `rejected` (nothing happened, a
 * 4xx), `declined` (the issuer said no), `unknown` (5xx, timeout, connection lost: the call may
 * or may not have taken effect — reconcile before anything else).
 */
export class MerchantError extends Error {
  constructor(
    readonly outcome: 'rejected' | 'declined' | 'unknown',
    readonly code: string,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'MerchantError';
  }
}

/** A merchant we can buy from by API (CONTRACT §10). Every write carries an Idempotency-Key. */
export interface MerchantConnector {
  readonly merchantId: string;
  createCheckout(
    input: { sku: string; quantity: number; currency: string; buyer?: BuyerDetails | null },
    idempotencyKey: string,
  ): Promise<Checkout>;
  /** Gives an open session the buyer's details (after an identity action). */
  updateBuyer(id: string, buyer: BuyerDetails, idempotencyKey: string): Promise<Checkout>;
  getCheckout(id: string): Promise<Checkout>;
  cancelCheckout(id: string, idempotencyKey: string): Promise<void>;
  delegatePayment(
    input: {
      card: DelegatedCard;
      checkoutId: string;
      maxAmountCents: number;
      currency: string;
      expiresAt: string;
    },
    idempotencyKey: string,
  ): Promise<{ token: string }>;
  completeCheckout(
    id: string,
    input: { payment: CompletePayment; authentication?: unknown },
    idempotencyKey: string,
  ): Promise<Checkout>;
  answerChallenge(
    challenge: Challenge,
    answer: { otp?: string; approve?: boolean },
  ): Promise<ChallengeAnswer>;
}

// ---------- executor ----------

/** The user's answer to an intent's next_action: the body of POST /intents/{id}/resume. */
export interface UserActionAnswer {
  type: UserActionType;
  completed: boolean;
  /** The OTP: passed to the issuer and forgotten, never stored. */
  code?: string;
  data?: Record<string, unknown>;
}

/** An intent and the offer an attempt buys: merchant id, the merchant's sku, the product page. */
export interface IntentOffer {
  intent: { intent_id: string; livemode: boolean } & Record<string, unknown>;
  offer: { merchant: string | null; sku: string | null; productUrl: string | null };
}

/**
 * The executor as the rest of the engine calls it (engine/execute/executor.ts implements it).
 * `answer` takes the user's answer to the bank or to an assisted purchase and runs `finish` in the
 * transaction that records the outcome, so that the API stores its idempotent response with it.
 */
export interface Executor {
  /**
   * Opens the next attempt at a merchant's offer in `tx`, which already moved the intent to
   * executing: by API when a connector serves the merchant, else the assisted flow.
   */
  openOffer(tx: StoreTx, intent: IntentOffer['intent'], offer: IntentOffer['offer']): Promise<void>;
  /** Runs an intent's current attempt; call after the transaction that opened it committed. */
  startIntent(intentId: string, attempt: number): void;
  answer<T>(
    caller: Caller,
    intentId: string,
    action: UserActionAnswer,
    finish: (tx: StoreTx) => Promise<T>,
  ): Promise<T>;
}
