import { EVENT_TYPES, WEBHOOK_EVENT_TYPES } from '../vocabulary';

/** A stored webhook endpoint (table `webhook_endpoints`). */
export interface WebhookEndpointDoc {
  [field: string]: unknown;
  endpoint_id: string;
  scope: string;
  livemode: boolean;
  url: string;
  description: string | null;
  metadata: Record<string, string>;
  /** Event types delivered here; `*` is every type. */
  enabled_events: string[];
  status: 'enabled' | 'disabled';
  disabled_reason: string | null;
  /** `whsec_…`: deliveries are signed with it. */
  secret: string;
  /** The secret before the last rotation, still signing until `previous_secret_expires_at` (ms). */
  previous_secret: string | null;
  previous_secret_expires_at: number | null;
  /** Set at the first failure after a success (ms); five days of that disables the endpoint. */
  failing_since: number | null;
  created_at: string;
}

/** A row of the outbox (table `webhook_outbox`): one event still owed to one endpoint. */
export interface OutboxDoc {
  [field: string]: unknown;
  outbox_id: string;
  endpoint_id: string;
  event_id: string;
  /** `<endpoint_id>|<intent_id or event_id>`: one lane delivers in event order. */
  lane: string;
  /** Failed attempts so far. */
  attempts: number;
  /** When it is due (ms since the epoch). */
  next_attempt_at: number;
}

/** One delivery attempt (table `webhook_attempts`). */
export interface AttemptDoc {
  [field: string]: unknown;
  attempt_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  status: 'succeeded' | 'failed';
  http_status: number | null;
  error: string | null;
  duration_ms: number;
  created_at: string;
  next_retry_at: string | null;
}

/** Every event type an endpoint may ask for. */
export const SUBSCRIBABLE_EVENTS: readonly string[] = [
  ...EVENT_TYPES,
  ...WEBHOOK_EVENT_TYPES.filter((type) => type !== 'webhook.test'),
];

export const outboxRow = (
  endpointId: string,
  event: { event_id: string; intent_id: string | null },
  dueAt: number,
): OutboxDoc => ({
  outbox_id: `${endpointId}|${event.event_id}`,
  endpoint_id: endpointId,
  event_id: event.event_id,
  lane: `${endpointId}|${event.intent_id ?? event.event_id}`,
  attempts: 0,
  next_attempt_at: dueAt,
});
