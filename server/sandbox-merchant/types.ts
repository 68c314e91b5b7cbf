/** The sandbox merchant's in-memory model. Money is integer minor units; ACP currencies are lower case. */
import { AVAILABILITIES, type Availability } from '../../engine/index';

/** The engine's availabilities a sandbox product can have: a shop always knows, and sells online. */
export type SandboxAvailability = Exclude<Availability, 'in_store_only' | 'unknown'>;
export const AVAILABILITY = AVAILABILITIES.filter(
  (availability): availability is SandboxAvailability =>
    availability !== 'in_store_only' && availability !== 'unknown',
);

export interface SandboxProductSeed {
  sku: string;
  name: string;
  description?: string;
  brand?: string;
  gtin13?: string;
  price_cents: number;
  /** ISO 4217, upper case; default USD. */
  currency?: string;
  availability?: SandboxAvailability;
  /** Units left; null or absent means unlimited. Reaching 0 turns the product out_of_stock. */
  stock_quantity?: number | null;
  /** Buyer details its checkout needs before payment (a courier's phone, a delivery address). */
  requires?: BuyerDetail[];
}

export const BUYER_DETAILS = ['phone', 'shipping_address'] as const;
export type BuyerDetail = (typeof BUYER_DETAILS)[number];

export interface Product {
  sku: string;
  name: string;
  description: string;
  brand: string;
  gtin13: string;
  price_cents: number;
  currency: string;
  availability: SandboxAvailability;
  stock_quantity: number | null;
  requires: BuyerDetail[];
  updated_at: number;
}

export interface SessionLine {
  sku: string;
  quantity: number;
  /** Unit price the session was quoted at (the agent's unit_amount, else the price at the time). */
  quoted_unit_amount: number;
}

export type SessionStatus =
  | 'not_ready_for_payment'
  | 'ready_for_payment'
  | 'authentication_required'
  | 'completed'
  | 'canceled'
  | 'expired';

export interface Session {
  id: string;
  /** Only the statuses a session keeps; ready / not ready are derived from the catalog on read. */
  state: 'open' | 'authentication_required' | 'completed' | 'canceled';
  currency: string;
  lines: SessionLine[];
  buyer?: Record<string, unknown>;
  fulfillment_details?: Record<string, unknown>;
  selected_option_id: string;
  /** Interventions the agent declared (capabilities.interventions.supported). */
  agent_interventions: string[];
  discount_codes: string[];
  metadata?: Record<string, unknown>;
  challenge_id?: string;
  /** The last payment failure, shown as a payment_declined message until the next attempt. */
  payment_error?: string;
  order_id?: string;
  created_at: number;
  updated_at: number;
  expires_at: number;
}

export interface VaultToken {
  id: string;
  test_card: string;
  brand: string;
  last4: string;
  funding: string;
  allowance: {
    max_amount: number;
    currency: string;
    checkout_session_id: string;
    merchant_id: string;
    expires_at: number;
  };
  metadata: Record<string, string>;
  used_by_order?: string;
  /** Set when the issuer locked the credential (too many wrong codes). */
  blocked?: boolean;
  created_at: number;
}

export interface AuthenticationResult {
  outcome: string;
  outcome_details?: {
    three_ds_cryptogram: string;
    electronic_commerce_indicator: string;
    transaction_id: string;
    version: string;
  };
}

export type ChallengeType = 'otp' | '3ds';
export type ChallengeStatus = 'pending' | 'succeeded' | 'failed' | 'locked' | 'expired';

export interface Challenge {
  id: string;
  type: ChallengeType;
  status: ChallengeStatus;
  checkout_session_id: string;
  token_id: string;
  amount: number;
  currency: string;
  attempts_remaining: number;
  directory_server: 'visa' | 'mastercard';
  result?: AuthenticationResult;
  created_at: number;
  expires_at: number;
}

export interface OrderLine {
  sku: string;
  name: string;
  quantity: number;
  unit_amount: number;
}

export interface OrderTotals {
  items_base_amount: number;
  subtotal: number;
  fulfillment: number;
  tax: number;
  total: number;
}

export interface Order {
  id: string;
  order_number: string;
  checkout_session_id: string;
  lines: OrderLine[];
  currency: string;
  totals: OrderTotals;
  fulfillment_option_id: string;
  /** Null for an order paid by invoice. */
  payment_token_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
  /** A B2B order on payment terms (ACP PaymentData.purchase_order_number): no card charged. */
  invoice?: Invoice;
  buyer_email?: string;
  /** What the buyer gave for delivery (a product that requires it): kept to show what we received. */
  buyer_phone?: string;
  shipping_address?: Record<string, unknown>;
  created_at: number;
}

export type PaymentTerms = 'immediate' | 'net_15' | 'net_30' | 'net_60' | 'net_90';

export interface Invoice {
  invoice_number: string;
  purchase_order_number: string;
  payment_terms: PaymentTerms;
  /** Order date plus the terms' days (ms). */
  due_at: number;
}

export const FAULT_OPS = [
  'create',
  'update',
  'get',
  'complete',
  'cancel',
  'delegate_payment',
] as const;
export type FaultOp = (typeof FAULT_OPS)[number];

export const FAULT_KINDS = [
  'error_500',
  'error_500_after_commit',
  'timeout_then_commit',
  'drop_connection_after_commit',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface Fault {
  op: FaultOp;
  kind: FaultKind;
  /** For timeout_then_commit: how long the server holds the request before committing. */
  delay_ms: number;
}

export interface StoredResponse {
  status: number;
  body: unknown;
}

export type IdempotencyRecord =
  | { state: 'in_flight'; hash: string }
  | { state: 'done'; hash: string; response: StoredResponse; at: number };

export interface SandboxState {
  products: Map<string, Product>;
  sessions: Map<string, Session>;
  orders: Order[];
  tokens: Map<string, VaultToken>;
  challenges: Map<string, Challenge>;
  idempotency: Map<string, IdempotencyRecord>;
  faults: Fault[];
  /** Restores the seed catalog and forgets every session, order, token, challenge and key. */
  reset(): void;
}

export interface SandboxOptions {
  /** Public base URL (scheme://host:port); default: the origin of each request. */
  baseUrl?: string;
  /** The Bearer key accepted on ACP calls; default 'sandbox_merchant_key'. */
  apiKey?: string;
  /** Clock in epoch milliseconds; default Date.now. */
  now?: () => number;
  /** Catalog to seed (and to restore on reset); default the built-in catalog. */
  products?: SandboxProductSeed[];
}
