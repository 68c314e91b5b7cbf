import { z } from 'zod';

/**
 * Request bodies of ACP 2026-04-17 (openapi.agentic_checkout.yaml, openapi.delegate_payment.yaml).
 * Objects the spec closes (additionalProperties: false) are strict here; objects the sandbox
 * only stores (attribution, consents, risk signals) are checked as objects.
 */
const obj = z.record(z.string(), z.unknown());

export const Address = z.strictObject({
  name: z.string().max(256),
  line_one: z.string().max(60),
  line_two: z.string().max(60).optional(),
  city: z.string().max(60),
  state: z.string(),
  country: z.string().length(2),
  postal_code: z.string().max(20),
});

const FulfillmentDetails = z.strictObject({
  name: z.string().optional(),
  phone_number: z.string().optional(),
  email: z.email().optional(),
  address: Address.optional(),
});

const Buyer = z.strictObject({
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  full_name: z.string().optional(),
  email: z.email(),
  phone_number: z.string().optional(),
  customer_id: z.string().optional(),
  account_type: z.enum(['guest', 'registered', 'business']).optional(),
  authentication_status: z.enum(['authenticated', 'guest', 'requires_signin']).optional(),
  company: obj.optional(),
  loyalty: obj.optional(),
  tax_exemption: obj.optional(),
});

/** ACP Item: no quantity in 2026-04-17; repeat an item to buy more than one. */
const Item = z.strictObject({
  id: z.string().min(1),
  name: z.string().optional(),
  unit_amount: z.number().int().min(0).optional(),
});

const Interventions = z.strictObject({
  supported: z.array(z.enum(['3ds', 'biometric', 'address_verification'])).optional(),
  required: z.array(z.enum(['3ds', 'biometric'])).optional(),
  enforcement: z.enum(['always', 'conditional', 'optional']).optional(),
  display_context: z.enum(['native', 'webview', 'modal', 'redirect']).optional(),
  redirect_context: z.enum(['in_app', 'external_browser', 'none']).optional(),
  max_redirects: z.number().int().min(0).optional(),
  max_interaction_depth: z.number().int().min(1).optional(),
});

const Capabilities = z.strictObject({
  payment: obj.optional(),
  interventions: Interventions.optional(),
  extensions: z.array(z.unknown()).optional(),
});

const Discounts = z.strictObject({ codes: z.array(z.string()).optional() });

const SelectedFulfillmentOption = z.strictObject({
  type: z.enum(['shipping', 'digital', 'pickup', 'local_delivery']),
  option_id: z.string(),
  item_ids: z.array(z.string()),
});

export const CreateSessionBody = z.strictObject({
  buyer: Buyer.optional(),
  line_items: z.array(Item).min(1),
  currency: z.string().regex(/^[A-Za-z]{3}$/, 'an ISO 4217 code such as usd'),
  fulfillment_details: FulfillmentDetails.optional(),
  capabilities: Capabilities,
  fulfillment_groups: z.array(obj).optional(),
  affiliate_attribution: obj.optional(),
  coupons: z.array(z.string()).optional(),
  discounts: Discounts.optional(),
  locale: z.string().optional(),
  timezone: z.string().optional(),
  quote_id: z.string().optional(),
  metadata: obj.optional(),
  order_notes: z.string().max(5000).optional(),
});

export const UpdateSessionBody = z.strictObject({
  buyer: Buyer.optional(),
  line_items: z.array(Item).min(1).optional(),
  fulfillment_details: FulfillmentDetails.optional(),
  fulfillment_groups: z.array(obj).optional(),
  selected_fulfillment_options: z.array(SelectedFulfillmentOption).optional(),
  coupons: z.array(z.string()).optional(),
  discounts: Discounts.optional(),
  order_notes: z.string().max(5000).optional(),
});

const PaymentData = z.strictObject({
  handler_id: z.string().optional(),
  instrument: z
    .looseObject({
      type: z.string(),
      credential: z.looseObject({ type: z.string(), token: z.string() }),
    })
    .optional(),
  billing_address: Address.optional(),
  purchase_order_number: z.string().optional(),
  payment_terms: z.enum(['immediate', 'net_15', 'net_30', 'net_60', 'net_90']).optional(),
  due_date: z.string().optional(),
  approval_required: z.boolean().optional(),
});

const OUTCOMES = [
  'abandoned',
  'attempt_acknowledged',
  'authenticated',
  'canceled',
  'denied',
  'informational',
  'internal_error',
  'not_supported',
  'processing_error',
  'rejected',
] as const;

export const AuthenticationResultBody = z
  .strictObject({
    outcome: z.enum(OUTCOMES),
    outcome_details: z
      .strictObject({
        three_ds_cryptogram: z.string(),
        electronic_commerce_indicator: z.enum(['01', '02', '05', '06', '07']),
        transaction_id: z.string(),
        version: z.string(),
      })
      .optional(),
  })
  .refine(
    (r) =>
      !['authenticated', 'informational', 'attempt_acknowledged'].includes(r.outcome) ||
      r.outcome_details,
    { message: 'outcome_details is required for this outcome', path: ['outcome_details'] },
  );

export const CompleteSessionBody = z.strictObject({
  buyer: Buyer.optional(),
  payment_data: PaymentData,
  authentication_result: AuthenticationResultBody.optional(),
  affiliate_attribution: obj.optional(),
  risk_signals: obj.optional(),
  marketing_consents: z
    .array(z.strictObject({ channel: z.string(), opted_in: z.boolean() }))
    .optional(),
  order_notes: z.string().max(5000).optional(),
});

export const CancelSessionBody = z
  .looseObject({
    intent_trace: z
      .looseObject({
        reason_code: z.string(),
        trace_summary: z.string().max(500).optional(),
        metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
      })
      .optional(),
  })
  .optional();
