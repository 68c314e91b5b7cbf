import { Observation, OtherOffer } from './intent';
import { z } from './zod';
import { BILLING_TERMS } from '../vocabulary';

const cents = z.number().int();
const check = <N extends string, L extends z.ZodType, A extends z.ZodType>(
  name: N,
  limit: L,
  actual: A,
) => z.object({ name: z.literal(name), passed: z.boolean(), limit, actual });

/** One guardrail checked on the merchant's own totals before payment; copied into the receipt. */
export const GuardrailCheck = z
  .discriminatedUnion('name', [
    check('allowed_merchants', z.array(z.string()).nullable(), z.string()),
    check('currency', z.string().nullable(), z.string()),
    check('max_price_cents', cents.nullable(), cents),
    check('max_charge_cents', cents.nullable(), cents),
    check('quantity', cents, cents),
    check('expires_at', z.string().nullable(), z.string()),
  ])
  .openapi('GuardrailCheck', {
    description:
      '`limit` is what the intent set (null: no limit), `actual` what the checkout showed; for expires_at, `actual` is when the check ran.',
  });

/** The receipt as stored and signed (CONTRACT §12). */
const SignedReceipt = z.object({
  object: z.literal('receipt'),
  receipt_id: z.string(),
  intent_id: z.string(),
  livemode: z.boolean(),
  merchant: z.string(),
  method: z.enum(['acp', 'assisted']).optional().openapi({
    description:
      "How the order was placed: acp (through the merchant's checkout API; the service paid) or assisted (the user bought at the merchant and confirmed; the service charged nothing). Absent on receipts issued before this field, all acp.",
  }),
  totals_source: z.enum(['merchant', 'reported_by_user']).optional().openapi({
    description:
      "merchant: the totals are the merchant's own, checked before payment. reported_by_user (assisted): the figures are as reported by the user, not verified. The signature proves what was recorded, not what was charged.",
  }),
  order: z.object({ id: z.string().nullable(), permalink_url: z.string().nullable() }),
  line_items: z.array(
    z.object({
      sku: z.string(),
      name: z.string().nullable(),
      quantity: z.number().int(),
      unit_price_cents: cents,
      total_cents: cents,
    }),
  ),
  totals: z.object({
    subtotal_cents: cents,
    shipping_cents: cents,
    tax_cents: cents,
    total_charged_cents: cents,
  }),
  currency: z.string(),
  payment: z
    .object({ payment_method_id: z.string(), brand: z.string(), last4: z.string() })
    .nullable()
    .openapi({ description: 'Null for an assisted purchase: the user paid at the merchant.' }),
  observed_offer: z
    .object({ ...Observation.omit({ other_offers: true }).shape, url: z.string().nullable() })
    .nullable()
    .openapi({
      description:
        'The offer as last observed on the product page before buying; for a product_id intent, the offer chosen (its merchant and page).',
    }),
  other_offers: z.array(OtherOffer).optional().openapi({
    description:
      'product_id intents: the other allowed offers when this one was chosen, as last observed. Absent for a product_url.',
  }),
  guardrails_checked: z.array(GuardrailCheck),
  ship_to: z.object({ city: z.string(), country: z.string() }).nullable().optional().openapi({
    description:
      'Where the order ships, when the buyer gave an address (identity action): city and country only.',
  }),
  billing: z
    .object({
      terms: z.enum(BILLING_TERMS),
      due_date: z.string().openapi({
        description: 'When the invoice is due: the order date plus the terms (RFC 3339).',
      }),
      amount_due_cents: cents,
      currency: z.string(),
      invoice_number: z.string().nullable(),
      purchase_order_number: z.string().nullable(),
    })
    .nullable()
    .optional()
    .openapi({
      description:
        'Paid by invoice (payment.billing_terms): the terms, due date and amount due; nothing was charged to a card. Null or absent for card and assisted purchases.',
    }),
  executed_at: z.string(),
  signature: z.object({ alg: z.literal('EdDSA'), kid: z.string(), value: z.string() }).openapi({
    description:
      'Ed25519 over the canonical JSON of the receipt without `signature` and `request_id`; the key is in GET /v1/receipt_keys.',
  }),
});

export const ReceiptRecord = SignedReceipt.extend({ request_id: z.string() }).openapi('Receipt');

export type GuardrailCheck = z.infer<typeof GuardrailCheck>;
export type Receipt = z.infer<typeof SignedReceipt>;
