import { LIMITS } from '../limits';
import type { WebhookEventType } from '../vocabulary';
import { EventRecord } from './event';
import { Metadata } from './intent-input';
import { z } from './zod';

const url = z
  .string()
  .max(LIMITS.urlLength)
  .openapi({ description: 'Where deliveries are POSTed. Live mode: public https URLs only.' });
const enabledEvents = z
  .array(z.string().min(1))
  .min(1)
  .max(64)
  .openapi({ description: 'Event types to deliver; `["*"]` (the default) is every type.' });

export const CreateWebhookEndpointBody = z
  .strictObject({
    url,
    enabled_events: enabledEvents.optional(),
    description: z.string().max(LIMITS.stringLength).optional(),
    metadata: Metadata.optional(),
  })
  .openapi('CreateWebhookEndpointBody');

export const UpdateWebhookEndpointBody = z
  .strictObject({
    url: url.optional(),
    enabled_events: enabledEvents.optional(),
    description: z.string().max(LIMITS.stringLength).nullable().optional(),
    metadata: Metadata.optional(),
    status: z
      .enum(['enabled', 'disabled'])
      .optional()
      .openapi({ description: '`enabled` re-enables a disabled endpoint.' }),
  })
  .openapi('UpdateWebhookEndpointBody');

export const WebhookEndpointRecord = z
  .object({
    object: z.literal('webhook_endpoint'),
    id: z.string().openapi({ example: 'we_01JD3Y8ZC4M5Q9V2N7X6R1T0AB' }),
    url: z.string(),
    description: z.string().nullable(),
    metadata: Metadata,
    enabled_events: z.array(z.string()),
    status: z.enum(['enabled', 'disabled']),
    disabled_reason: z.string().nullable(),
    livemode: z.boolean(),
    created_at: z.string(),
    secret: z
      .string()
      .optional()
      .openapi({ description: '`whsec_…`: returned only by create and rotate_secret.' }),
    request_id: z.string().optional(),
  })
  .openapi('WebhookEndpoint');

export const WebhookEndpointList = z
  .object({
    object: z.literal('list'),
    data: z.array(WebhookEndpointRecord),
    has_more: z.boolean(),
    next_cursor: z.string().nullable(),
    request_id: z.string(),
  })
  .openapi('WebhookEndpointList');

export const DeletedWebhookEndpoint = z
  .object({
    object: z.literal('webhook_endpoint'),
    id: z.string(),
    deleted: z.literal(true),
    request_id: z.string(),
  })
  .openapi('DeletedWebhookEndpoint');

export const WebhookDelivery = z
  .object({
    object: z.literal('webhook_delivery'),
    id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    attempt: z.number().int().openapi({ description: 'From 1; resent deliveries count on.' }),
    status: z.enum(['succeeded', 'failed']),
    http_status: z.number().int().nullable(),
    error: z.string().nullable().openapi({ description: 'The network error, if no answer came.' }),
    duration_ms: z.number().int(),
    created_at: z.string(),
    next_retry_at: z.string().nullable(),
  })
  .openapi('WebhookDelivery');

export const WebhookDeliveryList = z
  .object({
    object: z.literal('list'),
    data: z.array(WebhookDelivery),
    has_more: z.boolean(),
    next_cursor: z.string().nullable(),
    request_id: z.string(),
  })
  .openapi('WebhookDeliveryList');

const accountEvent = <T extends WebhookEventType, D extends z.ZodType>(type: T, data: D) =>
  z.object({
    object: z.literal('event'),
    event_id: z.string(),
    type: z.literal(type),
    intent_id: z.null(),
    timestamp: z.string(),
    livemode: z.boolean(),
    data,
  });

const testEvent = accountEvent('webhook.test', z.strictObject({ endpoint_id: z.string() }));
export const WebhookTestEvent = testEvent.openapi('WebhookTestEvent');

/** The answer of POST /webhook_endpoints/{id}/test: the event, with the request's id. */
export const WebhookTestEventRecord = testEvent
  .extend({ request_id: z.string() })
  .openapi('WebhookTestEventRecord');

export const AccountEventRecord = z
  .discriminatedUnion('type', [
    WebhookTestEvent,
    accountEvent(
      'webhook_endpoint.disabled',
      z.strictObject({
        endpoint_id: z.string(),
        url: z.string(),
        reason: z.string().openapi({ description: 'Why: `gone` (410) or `failing` (5 days).' }),
      }),
    ).openapi('WebhookEndpointDisabledEvent'),
  ])
  .openapi('WebhookEvent');

export const AccountEventList = z
  .object({
    object: z.literal('list'),
    data: z.array(z.union([EventRecord, AccountEventRecord])),
    has_more: z.boolean(),
    next_cursor: z.string().nullable(),
    request_id: z.string(),
  })
  .openapi('AccountEventList');

export const RetryResult = z
  .object({
    object: z.literal('webhook_delivery_retry'),
    event_id: z.string(),
    endpoint_id: z.string(),
    queued: z.literal(true),
    request_id: z.string(),
  })
  .openapi('WebhookDeliveryRetry');
