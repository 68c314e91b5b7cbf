import { invalid } from '../../errors';
import { toEventView } from '../../events/log';
import { LIMITS } from '../../limits';
import { RetryResult, WebhookDeliveryList, WebhookTestEventRecord } from '../../schemas/webhook';
import type { AttemptDoc } from '../../schemas/webhook-endpoint';
import { loadEndpoint, retryDelivery, sendTestEvent } from '../../webhooks/endpoints';
import { commit } from '../commit';
import { defineEndpoint } from '../endpoint';
import { z } from '../../schemas/zod';
import { limitParam } from './params';
import { TAG } from './webhook-endpoints';

export const testWebhookEndpoint = defineEndpoint({
  method: 'post',
  path: '/webhook_endpoints/{webhook_endpoint_id}/test',
  operationId: 'testWebhookEndpoint',
  summary: 'Send a test event to a webhook endpoint',
  description: 'Records a `webhook.test` event and delivers it, signed, to this endpoint alone.',
  tag: TAG,
  success: { status: 200, schema: WebhookTestEventRecord, description: 'The event queued.' },
  errors: ['resource_missing'],
  handle: async (c, { params }) =>
    commit(c, 200, async (tx) =>
      toEventView(
        await sendTestEvent(tx, c.get('ctx'), c.get('caller'), params.webhook_endpoint_id!),
      ),
    ),
});

const DeliveriesQuery = z.strictObject({
  limit: limitParam(LIMITS.listLimit.default, LIMITS.listLimit.max),
  starting_after: z
    .string()
    .min(1)
    .optional()
    .openapi({ description: 'A delivery id: the page starts after it.' }),
});

export const listWebhookDeliveries = defineEndpoint({
  method: 'get',
  path: '/webhook_endpoints/{webhook_endpoint_id}/deliveries',
  operationId: 'listWebhookDeliveries',
  summary: "List a webhook endpoint's delivery attempts, newest first",
  description:
    'Each attempt: the event, the attempt number, the HTTP status or network error, the duration and when the next retry is due. Attempts are recorded in batches, a moment after they end.',
  tag: TAG,
  query: DeliveriesQuery,
  success: { status: 200, schema: WebhookDeliveryList, description: 'A page of attempts.' },
  errors: ['resource_missing', 'parameter_invalid', 'parameter_unknown'],
  handle: async (c, { params, query }) => {
    const { store } = c.get('ctx');
    const endpoint = await loadEndpoint(store, c.get('caller'), params.webhook_endpoint_id!);
    if (query.starting_after) {
      const anchor = await store.get<AttemptDoc>('webhook_attempts', query.starting_after);
      if (anchor?.endpoint_id !== endpoint.endpoint_id) {
        throw invalid(
          'starting_after',
          `starting_after must be a delivery id of ${endpoint.endpoint_id}; '${query.starting_after}' is not.`,
        );
      }
    }
    const rows = await store.query<AttemptDoc>('webhook_attempts', {
      index: 'by_endpoint',
      prefix: [endpoint.endpoint_id],
      ...(query.starting_after ? { range: { lt: query.starting_after } } : {}),
      order: 'desc',
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const hasMore = rows.length > query.limit;
    return c.json({
      object: 'list' as const,
      data: page.map(({ attempt_id, endpoint_id: _endpoint, ...rest }) => ({
        object: 'webhook_delivery' as const,
        id: attempt_id,
        ...rest,
      })),
      has_more: hasMore,
      next_cursor: hasMore ? page[page.length - 1]!.attempt_id : null,
      request_id: c.get('requestId'),
    });
  },
});

export const retryWebhookDelivery = defineEndpoint({
  method: 'post',
  path: '/webhook_endpoints/{webhook_endpoint_id}/deliveries/{event_id}/retry',
  operationId: 'retryWebhookDelivery',
  summary: 'Resend an event to a webhook endpoint now',
  description:
    'Works for any event of yours, delivered or given up on; the `webhook-id` stays the event id.',
  tag: TAG,
  success: { status: 200, schema: RetryResult, description: 'The delivery is queued.' },
  errors: ['resource_missing', 'parameter_invalid'],
  handle: async (c, { params }) =>
    commit(c, 200, async (tx) => {
      await retryDelivery(
        tx,
        c.get('ctx'),
        c.get('caller'),
        params.webhook_endpoint_id!,
        params.event_id!,
      );
      return {
        object: 'webhook_delivery_retry' as const,
        event_id: params.event_id!,
        endpoint_id: params.webhook_endpoint_id!,
        queued: true as const,
      };
    }),
});
