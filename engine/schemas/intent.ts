import { z } from './zod';
import {
  AVAILABILITIES,
  EXECUTION_STATUSES,
  EXECUTION_STEPS,
  STATUSES,
  IDENTITY_FIELDS,
  USER_ACTION_TYPES,
} from '../vocabulary';
import { Conditions, Guardrails, Metadata, Objective, Payment } from './intent-input';

export const NextAction = z
  .object({
    type: z.enum(USER_ACTION_TYPES),
    instructions: z.string(),
    expires_at: z.string().nullable(),
    fields: z.array(z.enum(IDENTITY_FIELDS)).optional().openapi({
      description:
        'identity only: the details the merchant needs, to send in resume user_action.data (IdentityData).',
    }),
  })
  .openapi('NextAction');

/** Another offer of a product_id intent, as last observed (`last_observation.other_offers`). */
export const OtherOffer = z
  .object({
    merchant: z.string().nullable(),
    price_cents: z.number().int().nullable(),
    currency: z.string().nullable(),
    availability: z.enum(AVAILABILITIES),
    observed_at: z.string(),
  })
  .openapi('OtherOffer');

export const Observation = z
  .object({
    price_cents: z.number().int().nullable(),
    currency: z.string().nullable(),
    availability: z.enum(AVAILABILITIES),
    merchant: z.string().nullable(),
    observed_at: z.string(),
    source: z.string().openapi({
      description:
        'Where the figures came from, e.g. json-ld, microdata, text; inventory_report for a procurement trigger check.',
    }),
    inventory: z
      .object({
        sku: z.string(),
        quantity: z.number().int(),
        threshold: z.number().int(),
        report_id: z.string(),
      })
      .optional()
      .openapi({
        description:
          'Procurement intents: the reported inventory level the trigger was last compared with.',
      }),
    other_offers: z.array(OtherOffer).optional().openapi({
      description:
        'product_id intents: the other allowed offers at that moment (this observation is the offer chosen, or the one closest to holding). Absent for a product_url.',
    }),
  })
  .openapi('Observation');

export const ExecutionSummary = z
  .object({
    attempt: z.number().int(),
    step: z.enum(EXECUTION_STEPS),
    status: z.enum(EXECUTION_STATUSES),
    total_cents: z.number().int().nullable(),
    merchant: z.string().nullable(),
    last_error: z.object({ code: z.string(), message: z.string() }).nullable(),
  })
  .openapi('ExecutionSummary');

export const IntentRecord = z
  .object({
    object: z.literal('intent'),
    intent_id: z.string().openapi({ example: 'int_01JD3X7Q2W4M5N6P7R8S9T0V1W' }),
    status: z.enum(STATUSES),
    type: z.literal('purchase'),
    external_user_id: z.string(),
    objective: Objective,
    conditions: Conditions,
    guardrails: Guardrails,
    // Its own component: a nullable $ref would make the request's Payment nullable too.
    payment: z
      .strictObject(Payment.shape)
      .nullable()
      .openapi('IntentPayment', { description: 'null for an alert-and-confirm intent.' }),
    metadata: Metadata,
    livemode: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
    next_action: NextAction.nullable(),
    last_observation: Observation.nullable(),
    latest_execution: ExecutionSummary.nullable(),
    receipt_id: z.string().nullable(),
    identity: z.object({ provided: z.boolean() }).openapi({
      description:
        'Whether buyer details (an identity action) are kept with the intent; the details themselves are never returned.',
    }),
    request_id: z.string(),
  })
  .openapi('Intent');

export const IntentList = z
  .object({
    object: z.literal('list'),
    data: z.array(IntentRecord.omit({ request_id: true })),
    has_more: z.boolean(),
    next_cursor: z
      .string()
      .nullable()
      .openapi({ description: 'Pass as starting_after for the next page.' }),
    request_id: z.string(),
  })
  .openapi('IntentList');

export type NextAction = z.infer<typeof NextAction>;
export type Observation = z.infer<typeof Observation>;
export type OtherOffer = z.infer<typeof OtherOffer>;
export type ExecutionSummary = z.infer<typeof ExecutionSummary>;
