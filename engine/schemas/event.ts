import {
  AVAILABILITIES,
  EVENT_TYPES,
  EXECUTION_STEPS,
  IDENTITY_FIELDS,
  STATUSES,
  USER_ACTION_TYPES,
  WAITING_REASONS,
  type EventType,
} from '../vocabulary';
import { GuardrailCheck } from './receipt';
import { z } from './zod';

const attempt = z.number().int().openapi({ description: 'The execution attempt, from 1.' });
const step = z.enum(EXECUTION_STEPS);

/** The observed figures an event about a check carries. */
const observed = {
  price_cents: z.number().int().nullable(),
  currency: z.string().nullable(),
  availability: z.enum(AVAILABILITIES),
  merchant: z.string().nullable(),
};

/** `data` of each event type (docs/events.md says when each is recorded). */
const EVENT_DATA = {
  'intent.created': z.strictObject({}),
  'intent.waiting': z.strictObject({
    reason: z.enum(WAITING_REASONS),
    price_cents: observed.price_cents.optional(),
    currency: observed.currency.optional(),
    availability: observed.availability.optional(),
    merchant: observed.merchant.optional(),
    error: z
      .string()
      .optional()
      .openapi({ description: 'OBSERVATION_FAILED: why the page could not be read.' }),
    consecutive_failures: z.number().int().optional(),
    attempt: attempt.optional().openapi({ description: 'Set when an attempt ended this way.' }),
    problems: z
      .array(z.object({ code: z.string(), message: z.string() }))
      .optional()
      .openapi({ description: "The merchant's reasons a checkout could not be paid." }),
    total_cents: z.number().int().optional(),
    checks: z.array(GuardrailCheck).optional(),
    cost_cents: z.number().int().optional().openapi({
      description:
        'CHEAPER_ELSEWHERE: what the checkout cost without tax (items and shipping), compared with cheaper_offer.',
    }),
    cheaper_offer: z
      .strictObject({ merchant: z.string(), cost_cents: z.number().int() })
      .optional()
      .openapi({
        description:
          'CHEAPER_ELSEWHERE: the offer that would cost less (its price, plus its shipping when a checkout there told it).',
      }),
    code: z.string().optional().openapi({ description: "The merchant's or bank's refusal code." }),
    quantity: z
      .number()
      .int()
      .optional()
      .openapi({ description: 'Procurement: the reported inventory level compared.' }),
    threshold: z.number().int().optional().openapi({ description: "Procurement: the trigger's." }),
    report_id: z
      .string()
      .optional()
      .openapi({ description: 'Procurement: the inventory report compared.' }),
  }),
  'intent.executing': z.strictObject({
    attempt,
    ...observed,
    trigger: z
      .strictObject({
        report_id: z.string(),
        sku: z.string(),
        quantity: z.number().int(),
        threshold: z.number().int(),
        observed_at: z.string(),
      })
      .optional()
      .openapi({
        description:
          'Procurement: the inventory report that made the intent eligible, with the level and threshold compared.',
      }),
  }),
  'execution.step_started': z.strictObject({ attempt, step }),
  'execution.step_succeeded': z.strictObject({
    attempt,
    step,
    checkout_id: z.string().optional(),
    total_cents: z.number().int().optional(),
    max_amount_cents: z.number().int().optional(),
    order_id: z.string().nullable().optional(),
  }),
  'execution.step_failed': z.strictObject({
    attempt,
    step,
    code: z.string(),
    message: z.string().optional(),
    retrying: z.boolean().openapi({ description: 'Whether the step is tried again by itself.' }),
    retry: z.number().int().optional(),
    attempts_remaining: z.number().int().optional(),
  }),
  'execution.needs_user_action': z.strictObject({
    action_type: z.enum(USER_ACTION_TYPES),
    instructions: z.string(),
    fields: z
      .array(z.enum(IDENTITY_FIELDS))
      .optional()
      .openapi({ description: 'identity: the details asked for (names only, never values).' }),
  }),
  'intent.resumed': z.strictObject({ action_type: z.enum(USER_ACTION_TYPES) }),
  'intent.succeeded': z.strictObject({
    merchant: z.string(),
    total_charged_cents: z.number().int(),
    currency: z.string(),
    receipt_id: z.string(),
    order_id: z.string().nullable(),
  }),
  'intent.failed': z.strictObject({ code: z.string(), message: z.string(), attempt }),
  'intent.canceled': z.strictObject({
    previous_status: z.enum(STATUSES),
    cancellation_reason: z.string().optional(),
  }),
  'intent.expired': z.strictObject({ previous_status: z.enum(STATUSES) }),
} satisfies Record<EventType, z.ZodType>;

const pascal = (type: string) =>
  type.replace(/(?:^|[._])(\w)/g, (_match, letter: string) => letter.toUpperCase());

const eventOf = <T extends EventType>(type: T) =>
  z
    .object({
      object: z.literal('event'),
      event_id: z.string(),
      type: z.literal(type),
      intent_id: z.string(),
      timestamp: z.string(),
      livemode: z.boolean(),
      data: EVENT_DATA[type],
    })
    .openapi(`${pascal(type)}Event`);

type EventSchema = ReturnType<typeof eventOf<EventType>>;

/** An event as the API returns it: `data` depends on `type`. */
export type Event = {
  [T in EventType]: Omit<z.infer<EventSchema>, 'type' | 'data'> & {
    type: T;
    data: z.infer<(typeof EVENT_DATA)[T]>;
  };
}[EventType];

export const EventRecord = z
  .discriminatedUnion(
    'type',
    EVENT_TYPES.map((type) => eventOf(type)) as unknown as [EventSchema, ...EventSchema[]],
  )
  .openapi('Event') as unknown as z.ZodType<Event>;

export const EventList = z
  .object({
    request_id: z.string(),
    intent_id: z.string(),
    events: z.array(EventRecord),
    next_cursor: z.string().nullable(),
    has_more: z.boolean(),
  })
  .openapi('EventList');
