import type { EngineContext } from '../context';
import type { StoreTx } from '../ports';
import { outboxRow, wantsEvent, type WebhookEndpointDoc } from '../schemas/webhook-endpoint';

/**
 * Writes the event's outbox rows in the caller's transaction, one per enabled endpoint of its
 * owner that asks for its type (or only `only`): an event committed is an event delivered.
 */
export async function queueDeliveries(
  tx: StoreTx,
  ctx: EngineContext,
  event: { event_id: string; intent_id: string | null; scope: string; type: string },
  only?: string,
): Promise<void> {
  const endpoints = await tx.query<WebhookEndpointDoc>('webhook_endpoints', {
    index: 'by_scope',
    prefix: [event.scope],
  });
  const now = ctx.clock.now();
  for (const endpoint of endpoints) {
    const wanted = only
      ? endpoint.endpoint_id === only
      : endpoint.status === 'enabled' && wantsEvent(endpoint, event.type);
    if (wanted) await tx.put('webhook_outbox', outboxRow(endpoint.endpoint_id, event, now));
  }
}
