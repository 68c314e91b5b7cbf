import type { Caller } from '../caller';
import type { EngineContext } from '../context';
import { EngineError, invalid, notFound } from '../errors';
import { appendAccountEvent } from '../events/log';
import { deleteEndpointRow, saveEndpoint } from '../events/subscriptions';
import type { StoreReader, StoreTx } from '../ports';
import {
  SUBSCRIBABLE_EVENTS,
  outboxRow,
  type OutboxDoc,
  type WebhookEndpointDoc,
} from '../schemas/webhook-endpoint';
import { isoTime } from '../util/time';
import { checkEndpointUrl } from './endpoint-url';
import { SECRET_OVERLAP_MS, newSecret } from './secret';

export const MAX_ENDPOINTS = 16;

export interface EndpointInput {
  url?: string;
  enabled_events?: string[];
  description?: string | null;
  metadata?: Record<string, unknown>;
  status?: 'enabled' | 'disabled';
}

function checkEvents(types: string[] | undefined): string[] | undefined {
  if (!types) return undefined;
  const unknown = types.filter((t) => t !== '*' && !SUBSCRIBABLE_EVENTS.includes(t));
  if (unknown.length > 0) {
    throw invalid(
      'enabled_events',
      `enabled_events names unknown event types: ${unknown.join(', ')}. See docs/events.md, or use "*".`,
    );
  }
  return [...new Set(types)];
}

export const endpointsOf = (reader: StoreReader, scope: string, limit?: number, after?: string) =>
  reader.query<WebhookEndpointDoc>('webhook_endpoints', {
    index: 'by_scope',
    prefix: [scope],
    ...(after ? { range: { lt: after } } : {}),
    order: 'desc',
    ...(limit ? { limit } : {}),
  });

export async function createEndpoint(
  tx: StoreTx,
  ctx: EngineContext,
  caller: Caller,
  input: EndpointInput & { url: string },
): Promise<WebhookEndpointDoc> {
  const url = checkEndpointUrl(caller, ctx.network, input.url);
  const events = checkEvents(input.enabled_events) ?? ['*'];
  if ((await endpointsOf(tx, caller.scope)).length >= MAX_ENDPOINTS) {
    throw invalid(
      'url',
      `A partner may register at most ${MAX_ENDPOINTS} webhook endpoints per mode; delete one first.`,
    );
  }
  const endpoint: WebhookEndpointDoc = {
    endpoint_id: ctx.ids.next('we'),
    scope: caller.scope,
    livemode: caller.livemode,
    url,
    description: input.description ?? null,
    metadata: (input.metadata ?? {}) as Record<string, string>,
    enabled_events: events,
    status: 'enabled',
    disabled_reason: null,
    secret: newSecret(),
    previous_secret: null,
    previous_secret_expires_at: null,
    failing_since: null,
    created_at: isoTime(ctx.clock.now()),
  };
  await saveEndpoint(tx, endpoint, null);
  return endpoint;
}

export async function loadEndpoint(
  reader: StoreReader,
  caller: Caller,
  id: string,
): Promise<WebhookEndpointDoc> {
  const endpoint = await reader.get<WebhookEndpointDoc>('webhook_endpoints', id);
  if (!endpoint || endpoint.scope !== caller.scope)
    throw notFound('webhook endpoint', id, 'webhook_endpoint_id');
  return endpoint;
}

export async function updateEndpoint(
  tx: StoreTx,
  ctx: EngineContext,
  caller: Caller,
  id: string,
  input: EndpointInput,
): Promise<WebhookEndpointDoc> {
  const current = await loadEndpoint(tx, caller, id);
  const events = checkEvents(input.enabled_events);
  const enabling = input.status === 'enabled' && current.status !== 'enabled';
  const next: WebhookEndpointDoc = {
    ...current,
    ...(input.url !== undefined ? { url: checkEndpointUrl(caller, ctx.network, input.url) } : {}),
    ...(events ? { enabled_events: events } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.metadata ? { metadata: input.metadata as Record<string, string> } : {}),
    ...(input.status
      ? {
          status: input.status,
          disabled_reason: input.status === 'disabled' ? 'disabled by the partner' : null,
        }
      : {}),
    ...(enabling ? { failing_since: null } : {}),
  };
  await saveEndpoint(tx, next, current);
  return next;
}

export async function deleteEndpoint(tx: StoreTx, caller: Caller, id: string): Promise<void> {
  await deleteEndpointRow(tx, await loadEndpoint(tx, caller, id));
}

/** A new secret; the old one keeps signing beside it for 24 hours. */
export async function rotateSecret(
  tx: StoreTx,
  ctx: EngineContext,
  caller: Caller,
  id: string,
): Promise<WebhookEndpointDoc> {
  const current = await loadEndpoint(tx, caller, id);
  const next: WebhookEndpointDoc = {
    ...current,
    secret: newSecret(),
    previous_secret: current.secret,
    previous_secret_expires_at: ctx.clock.now() + SECRET_OVERLAP_MS,
  };
  await saveEndpoint(tx, next, current);
  return next;
}

/** Records a `webhook.test` event queued to this endpoint alone. */
export async function sendTestEvent(tx: StoreTx, ctx: EngineContext, caller: Caller, id: string) {
  const endpoint = await loadEndpoint(tx, caller, id);
  return appendAccountEvent(
    tx,
    ctx,
    endpoint,
    'webhook.test',
    { endpoint_id: endpoint.endpoint_id },
    endpoint.endpoint_id,
  );
}

/** Queues an event to the endpoint again, due now (a delivery under way is left as it is). */
export async function retryDelivery(
  tx: StoreTx,
  ctx: EngineContext,
  caller: Caller,
  id: string,
  eventId: string,
) {
  const endpoint = await loadEndpoint(tx, caller, id);
  const event = await tx.get<{ event_id: string; intent_id: string | null; scope: string }>(
    'events',
    eventId,
  );
  if (!event || event.scope !== caller.scope) throw notFound('event', eventId, 'event_id');
  if (endpoint.status !== 'enabled') {
    throw new EngineError(
      'parameter_invalid',
      `Webhook endpoint ${id} is disabled; enable it (PATCH status "enabled") before retrying.`,
      'status',
    );
  }
  const row = outboxRow(endpoint.endpoint_id, event, ctx.clock.now());
  const pending = await tx.get<OutboxDoc>('webhook_outbox', row.outbox_id);
  await tx.put(
    'webhook_outbox',
    pending ? { ...pending, next_attempt_at: row.next_attempt_at } : row,
  );
}

export function toEndpointView(endpoint: WebhookEndpointDoc, withSecret = false) {
  return {
    object: 'webhook_endpoint' as const,
    id: endpoint.endpoint_id,
    url: endpoint.url,
    description: endpoint.description,
    metadata: endpoint.metadata,
    enabled_events: endpoint.enabled_events,
    status: endpoint.status,
    disabled_reason: endpoint.disabled_reason,
    livemode: endpoint.livemode,
    created_at: endpoint.created_at,
    ...(withSecret ? { secret: endpoint.secret } : {}),
  };
}
