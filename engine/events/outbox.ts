import type { EngineContext } from '../context';
import type { StoreTx } from '../ports';
import { outboxRow } from '../schemas/webhook-endpoint';
import { isSubscribed, subscribersOf } from './subscriptions';

/**
 * Writes the event's outbox rows in the caller's transaction, one per enabled endpoint of its
 * owner that asks for its type (or only to `only`): an event committed is an event delivered.
 */
export async function queueDeliveries(
  tx: StoreTx,
  ctx: EngineContext,
  event: { event_id: string; intent_id: string | null; scope: string; type: string },
  only?: string,
): Promise<void> {
  const now = ctx.clock.now();
  if (only) {
    await tx.put('webhook_outbox', outboxRow(only, event, now));
    return;
  }
  for (const subscriber of await subscribersOf(tx, ctx, event.scope)) {
    if (isSubscribed(subscriber, event.type))
      await tx.put('webhook_outbox', outboxRow(subscriber.endpoint_id, event, now));
  }
}
