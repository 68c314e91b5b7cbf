import type { EngineContext } from '../context';
import type { EventType, WebhookEventType } from '../vocabulary';
import type { StoreReader, StoreTx } from '../ports';
import { isoTime } from '../util/time';
import { queueDeliveries } from './outbox';

export interface EventDoc {
  [field: string]: unknown;
  event_id: string;
  intent_id: string;
  scope: string;
  livemode: boolean;
  type: EventType;
  timestamp: string;
  data: Record<string, unknown>;
}

/** Appends an event inside the caller's transaction: it commits with the state change it reports. */
export async function appendEvent(
  tx: StoreTx,
  ctx: EngineContext,
  intent: { intent_id: string; scope: string; livemode: boolean },
  type: EventType,
  data: Record<string, unknown> = {},
): Promise<EventDoc> {
  const event: EventDoc = {
    event_id: ctx.ids.next('evt'),
    intent_id: intent.intent_id,
    scope: intent.scope,
    livemode: intent.livemode,
    type,
    timestamp: isoTime(ctx.clock.now()),
    data,
  };
  await tx.put('events', event);
  await queueDeliveries(tx, ctx, event);
  return event;
}

/** An event about an account's webhook endpoints rather than an intent: `intent_id` is null. */
export interface AccountEventDoc {
  [field: string]: unknown;
  event_id: string;
  intent_id: null;
  scope: string;
  livemode: boolean;
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * Appends an account event; its deliveries are queued to the endpoints that ask for its type, or
 * to `only` (the endpoint a `webhook.test` is for).
 */
export async function appendAccountEvent(
  tx: StoreTx,
  ctx: EngineContext,
  owner: { scope: string; livemode: boolean },
  type: WebhookEventType,
  data: Record<string, unknown>,
  only?: string,
): Promise<AccountEventDoc> {
  const event: AccountEventDoc = {
    event_id: ctx.ids.next('evt'),
    intent_id: null,
    scope: owner.scope,
    livemode: owner.livemode,
    type,
    timestamp: isoTime(ctx.clock.now()),
    data,
  };
  await tx.put('events', event);
  await queueDeliveries(tx, ctx, event, only);
  return event;
}

/** Events of one intent, oldest first, strictly after `afterEventId` when given. */
export async function listEvents(
  store: StoreReader,
  intentId: string,
  options: { afterEventId?: string; limit: number },
): Promise<EventDoc[]> {
  return store.query<EventDoc>('events', {
    index: 'by_intent',
    prefix: [intentId],
    ...(options.afterEventId ? { range: { gt: options.afterEventId } } : {}),
    order: 'asc',
    limit: options.limit,
  });
}

export function toEventView<E extends EventDoc | AccountEventDoc>(event: E) {
  return {
    object: 'event' as const,
    event_id: event.event_id,
    type: event.type,
    intent_id: event.intent_id,
    timestamp: event.timestamp,
    livemode: event.livemode,
    data: event.data,
  };
}
