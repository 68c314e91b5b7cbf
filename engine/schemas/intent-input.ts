import { z } from './zod';
import { LIMITS } from '../limits';
import { isRealDate, isRfc3339 } from '../util/time';
import { isTimeZone } from '../util/zoned-date';
import { IdentityData } from './identity';
import { BILLING_TERMS, STRATEGIES, USER_ACTION_TYPES } from '../vocabulary';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const text = (max: number = LIMITS.stringLength) => z.string().trim().min(1).max(max);

const httpUrl = z
  .string()
  .max(LIMITS.urlLength)
  .refine((value) => isHttpUrl(value), { error: 'must be an absolute http(s) URL' })
  // A page is watched and shown to the user: credentials in it would be kept and echoed.
  .refine((value) => !hasCredentials(value), { error: 'must not contain a user name or password' });

export const timestamp = z.string().refine((value) => isRfc3339(value), {
  error: 'must be an ISO 8601 timestamp with a time zone offset, e.g. 2026-12-01T09:00:00Z',
});

const isoDate = z.string().refine((value) => DATE.test(value) && isRealDate(value), {
  error: 'must be a date in YYYY-MM-DD form',
});

export const cents = z.number().int().min(0).max(LIMITS.moneyMaxCents);
let currencies: Set<string> | undefined;
/** ISO 4217 codes in use, as the runtime's Intl knows them (ICU's list: ~160, no XXX or ZZZ). */
const isCurrency = (code: string) =>
  (currencies ??= new Set(Intl.supportedValuesOf('currency'))).has(code);

export const currency = z
  .string()
  .regex(/^[A-Z]{3}$/, { error: 'must be an ISO 4217 currency code in upper case, e.g. USD' })
  .refine(isCurrency, { error: 'is not an ISO 4217 currency code in use, e.g. USD' });
const quantity = z.number().int().min(1).max(LIMITS.quantityMax);

const Product = z
  .strictObject({
    product_url: httpUrl.optional(),
    product_id: z
      .string()
      .regex(/^prod_[A-Za-z0-9]+$/, { error: 'must be a product id from Resolve (prod_...)' })
      .optional(),
    product_title: text().optional(),
    product_image_url: httpUrl.optional(),
    quantity: quantity.optional(),
    variant: text(200)
      .optional()
      .openapi({ description: 'SKU or variant to buy when the page offers several.' }),
  })
  .openapi('ProductObjective');

const Procurement = z
  .strictObject({
    item: z.strictObject({
      name: text(),
      sku: text(200),
      product_url: httpUrl.optional().openapi({
        description:
          "The supplier's page for this item; without it the supplier is found in allowed_merchants, else in the catalog.",
      }),
    }),
    quantity,
  })
  .openapi('ProcurementObjective', {
    description:
      'Reorder stock: bought when conditions.trigger fires on an inventory level reported with POST /v1/inventory_levels.',
  });

// Reservation shapes are part of the spec's type list; v1 refuses them with unsupported_intent_type.
const Reservation = z.strictObject({
  provider: text(200),
  venue_id: text(200),
  party_size: z.number().int().min(1).max(100),
});
const Appointment = z.strictObject({ kind: text(100), facility_id: text(200) });

export const Objective = z
  .strictObject({
    product: Product.optional(),
    quantity: quantity.optional(),
    procurement: Procurement.optional(),
    reservation: Reservation.optional(),
    appointment: Appointment.optional(),
  })
  .openapi('Objective');

const TimeWindow = z.strictObject({ start: timestamp, end: timestamp });

export const Conditions = z
  .strictObject({
    availability: z.enum(['in_stock']).optional(),
    max_price_cents: cents.optional(),
    currency: currency.optional().openapi({
      description:
        'The currency the offer must be priced in (ISO 4217); max_price_cents and payment.max_charge_cents are amounts in it. There is no conversion: an offer in another currency is not bought (CURRENCY_MISMATCH). Required with objective.product.product_id, whose offers at several merchants are compared in this one currency.',
    }),
    time_windows: z.array(TimeWindow).max(LIMITS.timeWindows).optional(),
    date_range: z.strictObject({ start: isoDate, end: isoDate }).optional().openapi({
      description:
        'Inclusive dates in conditions.time_zone: the purchase may start only on these days; before them the intent waits (OUTSIDE_DATE_RANGE), after them it expires. With time_windows, both must hold.',
    }),
    time_zone: z
      .string()
      .max(64)
      .refine((value) => isTimeZone(value), {
        error: 'must be an IANA time zone name, e.g. Europe/Paris or UTC',
      })
      .optional()
      .openapi({
        description: 'The IANA time zone of date_range (default UTC); only with date_range.',
      }),
    strategy: z
      .enum(STRATEGIES, { error: `must be one of ${STRATEGIES.join(', ')}` })
      .optional()
      .openapi({
        description:
          'How an intent with several possible offers (a product_id sold by several merchants) chooses: lowest_price (default) buys the cheapest offer whose conditions hold, earliest_available the first one whose conditions hold. An intent on one product_url has one offer, so both mean the same.',
      }),
    trigger: z
      .strictObject({
        kind: z.enum(['inventory_below']),
        sku: text(200),
        threshold: z.number().int().min(0).max(LIMITS.inventoryQuantityMax),
      })
      .optional()
      .openapi({
        description:
          "Procurement only: buy when a reported inventory level for `sku` (the item's) is at or below `threshold`.",
      }),
  })
  .openapi('Conditions');

export const Guardrails = z
  .strictObject({
    allowed_merchants: z.array(text(253)).max(LIMITS.allowedMerchants).optional(),
    expires_at: timestamp.optional(),
    retry_policy: z.enum(['safe']).optional(),
  })
  .openapi('Guardrails');

export const Payment = z
  .strictObject({
    payment_method_id: z.string().min(1).max(255).optional(),
    max_charge_cents: cents.optional(),
    billing_terms: z.enum(BILLING_TERMS).optional().openapi({
      description:
        'Pay by invoice on these terms; needs payment_method_id pm_invoice_net_terms. The receipt states the due date.',
    }),
  })
  .openapi('Payment');

const MetadataValue = z.union([
  z.string().max(LIMITS.metadataValueLength),
  z.number(),
  z.boolean(),
]);

export const Metadata = z
  .record(z.string().min(1).max(LIMITS.metadataKeyLength), MetadataValue)
  .refine((value) => Object.keys(value).length <= LIMITS.metadataKeys, {
    error: `may hold at most ${LIMITS.metadataKeys} keys`,
  })
  .openapi('Metadata', {
    description: `Up to ${LIMITS.metadataKeys} keys of at most ${LIMITS.metadataKeyLength} characters; values are strings of at most ${LIMITS.metadataValueLength} characters, numbers or booleans.`,
  });

/** The body of POST /v1/intents. `type` comes first so that its error is reported first. */
export const CreateIntentBody = z
  .strictObject({
    type: z.enum(['purchase', 'reservation']),
    external_user_id: text(LIMITS.externalUserIdLength).refine(
      // eslint-disable-next-line no-control-regex -- control characters are what it refuses
      (value) => !/[\u0000-\u001f\u007f]/.test(value),
      { error: 'must not contain control characters' },
    ),
    objective: Objective,
    conditions: Conditions.optional(),
    guardrails: Guardrails.optional(),
    payment: Payment.optional().openapi({
      description:
        'How the service pays. Without it (or without payment_method_id) the intent is alert-and-confirm: when its conditions hold the user is asked to buy at the merchant and confirm (next_action.type confirmation), at every merchant, even one with a checkout API; nothing is ever charged.',
    }),
    metadata: Metadata.optional(),
  })
  .openapi('CreateIntentRequest');

export type CreateIntentInput = z.infer<typeof CreateIntentBody>;

export const CancelIntentBody = z
  .strictObject({
    cancellation_reason: text().optional().openapi({ description: 'Free text kept on the event.' }),
  })
  .openapi('CancelIntentRequest');

/** `user_action.data` of a confirmation: what the user reports of the order they placed. */
const ConfirmationData = z.strictObject({
  order_id: text(200).optional(),
  total_charged_cents: cents.optional(),
});

/** What `user_action.data` may hold for each type of answer; an OTP or a 3DS answer takes none. */
const ANSWER_DATA: Partial<Record<(typeof USER_ACTION_TYPES)[number], z.ZodType>> = {
  confirmation: ConfirmationData,
  identity: IdentityData,
};

type Answer = { type: (typeof USER_ACTION_TYPES)[number]; code?: string; data?: unknown };

/** No field of an answer is taken and ignored: `code` only with an OTP, `data` as its type has it. */
function checkAnswerFields(answer: Answer, ctx: z.RefinementCtx) {
  if (answer.code !== undefined && answer.type !== 'otp') {
    ctx.addIssue({ code: 'unrecognized_keys', keys: ['code'], input: answer });
  }
  if (answer.data === undefined) return;
  const schema = ANSWER_DATA[answer.type];
  if (!schema) {
    ctx.addIssue({ code: 'unrecognized_keys', keys: ['data'], input: answer });
    return;
  }
  const parsed = schema.safeParse(answer.data);
  for (const issue of parsed.error?.issues ?? []) {
    ctx.addIssue({ ...issue, path: ['data', ...issue.path] } as z.core.$ZodRawIssue);
  }
}

export const ResumeIntentBody = z
  .strictObject({
    user_action: z
      .strictObject({
        type: z.enum(USER_ACTION_TYPES),
        completed: z.boolean(),
        code: z
          .string()
          .min(1)
          .max(32)
          .optional()
          .openapi({ description: 'The OTP, when type is otp. Never stored.' }),
        data: z.record(z.string(), z.unknown()).optional().openapi({
          description:
            'confirmation: {order_id, total_charged_cents} as reported by the user. identity: the fields of next_action.fields (IdentityData): name, email, phone, shipping_address {line1, line2?, city, state?, postal_code, country}. None with otp or 3ds.',
        }),
      })
      .superRefine(checkAnswerFields),
  })
  .openapi('ResumeIntentRequest');

export type ResumeInput = z.infer<typeof ResumeIntentBody>;

function hasCredentials(value: string): boolean {
  if (!value.includes('@')) return false; // most URLs: no second parse on the create's path
  try {
    const url = new URL(value);
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
