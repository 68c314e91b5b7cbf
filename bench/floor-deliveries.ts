import { toEventView, type EventDoc } from '../engine/events/log';
import {
  DELIVERIES_PER_ENDPOINT,
  DELIVERY_TIMEOUT_MS,
  RESPONSE_READ_BYTES,
} from '../engine/webhooks/dispatcher';
import type { WebhookEndpointDoc } from '../engine/schemas/webhook-endpoint';
import { newSecret } from '../engine/webhooks/secret';
import { signatureHeaders } from '../engine/webhooks/sign';
import { wireWebhookFetchers } from '../server/webhook-fetchers';

/** An event owed to the floor's endpoint, and the outbox row that says so. */
export interface Delivery {
  event: EventDoc;
  outboxId: string;
}

/** Answered deliveries whose outbox rows are deleted in one commit at once; fewer wait… */
const DELETE_BATCH = 64;
/** …this long for company (the dispatcher records its ended attempts the same way). */
const DELETE_WAIT_MS = 5;

/**
 * The delivery half of bench/floor-server.ts --deliver-to: each delivery handed to `send` (once its
 * create's commit is durable) is signed by Standard Webhooks and POSTed through the server's
 * guarded fetcher to `url`, at most DELIVERIES_PER_ENDPOINT in flight, first come first sent;
 * once answered, its outbox row is handed to `deleteRows`, batched as the dispatcher batches
 * its records. No outbox read, claim, attempt record or retry schedule: a failed delivery is
 * simply sent again.
 */
export function createDeliveryFloor(url: string, deleteRows: (outboxIds: string[]) => void) {
  const fetchers = wireWebhookFetchers({ allowPrivateNetwork: false });
  const fetcher = fetchers.fetcherFor(false);
  const endpoint = { secret: newSecret(), previous_secret: null } as WebhookEndpointDoc;
  const waiting: Delivery[] = [];
  let inFlight = 0;
  let answered: string[] = [];
  let deleteTimer: NodeJS.Timeout | null = null;

  function pump() {
    while (inFlight < DELIVERIES_PER_ENDPOINT && waiting.length > 0) {
      inFlight++;
      void deliver(waiting.shift()!);
    }
  }

  async function deliver(delivery: Delivery) {
    const { event } = delivery;
    const body = JSON.stringify(toEventView(event));
    try {
      await fetcher.fetch({
        url,
        method: 'POST',
        headers: signatureHeaders(endpoint, event.event_id, body, Date.now()),
        body,
        redirect: 'manual',
        timeoutMs: DELIVERY_TIMEOUT_MS,
        readAtMost: RESPONSE_READ_BYTES,
      });
      answered.push(delivery.outboxId);
      if (answered.length >= DELETE_BATCH) flushDeletes();
      else deleteTimer ??= setTimeout(flushDeletes, DELETE_WAIT_MS);
    } catch (error) {
      console.error(`delivery of ${event.event_id} failed, sent again:`, error);
      waiting.push(delivery);
    } finally {
      inFlight--;
      pump();
    }
  }

  function flushDeletes() {
    if (deleteTimer) clearTimeout(deleteTimer);
    deleteTimer = null;
    const ids = answered;
    answered = [];
    if (ids.length > 0) deleteRows(ids);
  }

  return {
    send(deliveries: Delivery[]) {
      waiting.push(...deliveries);
      pump();
    },
    close: () => fetchers.close(),
  };
}
