import { invalid } from '../../errors';
import { LIMITS } from '../../limits';
import {
  CreateWebhookEndpointBody,
  DeletedWebhookEndpoint,
  UpdateWebhookEndpointBody,
  WebhookEndpointList,
  WebhookEndpointRecord,
} from '../../schemas/webhook';
import {
  createEndpoint,
  deleteEndpoint,
  endpointsOf,
  loadEndpoint,
  rotateSecret,
  toEndpointView,
  updateEndpoint,
} from '../../webhooks/endpoints';
import { commit } from '../commit';
import { defineEndpoint } from '../endpoint';
import { z } from '../../schemas/zod';
import { limitParam } from './params';

export const TAG = 'Webhooks';
const WRITE_ERRORS = ['parameter_missing', 'parameter_invalid', 'parameter_unknown'] as const;

export const createWebhookEndpoint = defineEndpoint({
  method: 'post',
  path: '/webhook_endpoints',
  operationId: 'createWebhookEndpoint',
  summary: 'Register a webhook endpoint',
  description:
    'The `secret` (`whsec_…`) is returned here only: deliveries are signed with it (Standard Webhooks). At most 16 endpoints per partner and mode. Live mode refuses http URLs and private, loopback, link-local and metadata addresses.',
  tag: TAG,
  body: CreateWebhookEndpointBody,
  success: {
    status: 201,
    schema: WebhookEndpointRecord,
    description: 'The endpoint, with its secret.',
  },
  errors: [...WRITE_ERRORS],
  handle: async (c, { body }) =>
    commit(c, 201, async (tx) =>
      toEndpointView(await createEndpoint(tx, c.get('ctx'), c.get('caller'), body), true),
    ),
});

const ListQuery = z.strictObject({
  limit: limitParam(LIMITS.listLimit.default, LIMITS.listLimit.max),
  starting_after: z
    .string()
    .min(1)
    .optional()
    .openapi({ description: 'An endpoint id: the page starts after it.' }),
});

export const listWebhookEndpoints = defineEndpoint({
  method: 'get',
  path: '/webhook_endpoints',
  operationId: 'listWebhookEndpoints',
  summary: 'List webhook endpoints, newest first',
  tag: TAG,
  query: ListQuery,
  success: { status: 200, schema: WebhookEndpointList, description: 'A page of endpoints.' },
  errors: ['parameter_invalid', 'parameter_unknown'],
  handle: async (c, { query }) => {
    const { store } = c.get('ctx');
    const caller = c.get('caller');
    if (query.starting_after) {
      await loadEndpoint(store, caller, query.starting_after).catch(() => {
        throw invalid(
          'starting_after',
          `starting_after must be the id of one of your webhook endpoints; '${query.starting_after}' is not.`,
        );
      });
    }
    const rows = await endpointsOf(store, caller.scope, query.limit + 1, query.starting_after);
    const page = rows.slice(0, query.limit);
    const hasMore = rows.length > query.limit;
    return c.json({
      object: 'list' as const,
      data: page.map((endpoint) => toEndpointView(endpoint)),
      has_more: hasMore,
      next_cursor: hasMore ? page[page.length - 1]!.endpoint_id : null,
      request_id: c.get('requestId'),
    });
  },
});

export const getWebhookEndpoint = defineEndpoint({
  method: 'get',
  path: '/webhook_endpoints/{webhook_endpoint_id}',
  operationId: 'getWebhookEndpoint',
  summary: 'Retrieve a webhook endpoint',
  tag: TAG,
  success: { status: 200, schema: WebhookEndpointRecord, description: 'The endpoint.' },
  errors: ['resource_missing'],
  handle: async (c, { params }) => {
    const endpoint = await loadEndpoint(
      c.get('ctx').store,
      c.get('caller'),
      params.webhook_endpoint_id!,
    );
    return c.json({ ...toEndpointView(endpoint), request_id: c.get('requestId') });
  },
});

export const updateWebhookEndpoint = defineEndpoint({
  method: 'patch',
  path: '/webhook_endpoints/{webhook_endpoint_id}',
  operationId: 'updateWebhookEndpoint',
  summary: 'Update a webhook endpoint',
  description:
    '`status: "enabled"` re-enables an endpoint that was disabled (by a 410, five days of failures, or you); events recorded meanwhile are in `GET /v1/events`.',
  tag: TAG,
  body: UpdateWebhookEndpointBody,
  success: { status: 200, schema: WebhookEndpointRecord, description: 'The endpoint.' },
  errors: ['resource_missing', ...WRITE_ERRORS],
  handle: async (c, { body, params }) =>
    commit(c, 200, async (tx) =>
      toEndpointView(
        await updateEndpoint(tx, c.get('ctx'), c.get('caller'), params.webhook_endpoint_id!, body),
      ),
    ),
});

export const deleteWebhookEndpoint = defineEndpoint({
  method: 'delete',
  path: '/webhook_endpoints/{webhook_endpoint_id}',
  operationId: 'deleteWebhookEndpoint',
  summary: 'Delete a webhook endpoint',
  description: 'Deliveries still owed to it are dropped.',
  tag: TAG,
  success: { status: 200, schema: DeletedWebhookEndpoint, description: 'The endpoint is gone.' },
  errors: ['resource_missing'],
  handle: async (c, { params }) =>
    commit(c, 200, async (tx) => {
      await deleteEndpoint(tx, c.get('caller'), params.webhook_endpoint_id!);
      return {
        object: 'webhook_endpoint' as const,
        id: params.webhook_endpoint_id!,
        deleted: true as const,
      };
    }),
});

export const rotateWebhookSecret = defineEndpoint({
  method: 'post',
  path: '/webhook_endpoints/{webhook_endpoint_id}/rotate_secret',
  operationId: 'rotateWebhookEndpointSecret',
  summary: "Rotate a webhook endpoint's secret",
  description:
    'Returns the new secret once. For 24 hours deliveries carry two signatures, one per secret, so a receiver can switch without losing any.',
  tag: TAG,
  success: {
    status: 200,
    schema: WebhookEndpointRecord,
    description: 'The endpoint, with its new secret.',
  },
  errors: ['resource_missing'],
  handle: async (c, { params }) =>
    commit(c, 200, async (tx) =>
      toEndpointView(
        await rotateSecret(tx, c.get('ctx'), c.get('caller'), params.webhook_endpoint_id!),
        true,
      ),
    ),
});
