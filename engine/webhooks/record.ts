import type { EngineContext } from '../context';
import { appendAccountEvent } from '../events/log';
import type { StoreTx } from '../ports';
import type { AttemptDoc, OutboxDoc, WebhookEndpointDoc } from '../schemas/webhook-endpoint';
import { isoTime } from '../util/time';
import { DISABLE_AFTER_MS, retryAfterMs, retryDelay } from './schedule';

/** How one delivery attempt ended: an HTTP answer or a network failure. */
export interface DeliveryResult {
  row: OutboxDoc;
  eventType: string;
  httpStatus: number | null;
  retryAfter?: string;
  error: string | null;
  durationMs: number;
  at: number;
}

const succeeded = (r: DeliveryResult) =>
  r.httpStatus !== null && r.httpStatus >= 200 && r.httpStatus < 300;

/**
 * Records a batch of ended attempts in one transaction: the attempt log, the outbox row (gone on
 * success or give-up, rescheduled otherwise) and the endpoint (failing since, disabled).
 */
export async function recordResults(
  tx: StoreTx,
  ctx: EngineContext,
  results: DeliveryResult[],
  random: () => number,
): Promise<void> {
  const endpoints = new Map<string, WebhookEndpointDoc | undefined>();
  const touched = new Set<string>();
  const endpointOf = async (id: string) => {
    if (!endpoints.has(id))
      endpoints.set(id, await tx.get<WebhookEndpointDoc>('webhook_endpoints', id));
    return endpoints.get(id);
  };
  for (const result of results) {
    const row = (await tx.get<OutboxDoc>('webhook_outbox', result.row.outbox_id)) ?? result.row;
    const attempt = row.attempts + 1;
    const endpoint = await endpointOf(row.endpoint_id);
    let nextAt: number | null = null;
    let disable: string | null = null;
    if (succeeded(result)) {
      if (endpoint && endpoint.failing_since !== null) {
        endpoints.set(row.endpoint_id, { ...endpoint, failing_since: null });
        touched.add(row.endpoint_id);
      }
    } else if (result.httpStatus === 410) {
      disable = 'gone';
    } else {
      const failingSince = endpoint?.failing_since ?? result.at;
      if (endpoint && endpoint.failing_since === null) {
        endpoints.set(row.endpoint_id, { ...endpoint, failing_since: failingSince });
        touched.add(row.endpoint_id);
      }
      if (result.at - failingSince >= DISABLE_AFTER_MS) disable = 'failing';
      else nextAt = nextAttemptAt(result, attempt, random);
    }
    if (disable && endpoint?.status === 'enabled') {
      endpoints.set(
        row.endpoint_id,
        await disableEndpoint(tx, ctx, endpoints.get(row.endpoint_id)!, disable),
      );
    }
    if (nextAt === null) await tx.delete('webhook_outbox', row.outbox_id);
    else
      await tx.put('webhook_outbox', {
        ...row,
        attempts: attempt,
        next_attempt_at: nextAt,
        claimed_by: null,
      });
    await tx.put('webhook_attempts', attemptDoc(ctx, result, row, attempt, nextAt));
  }
  for (const id of touched) {
    const endpoint = endpoints.get(id);
    if (endpoint) await tx.put('webhook_endpoints', endpoint);
  }
}

function nextAttemptAt(result: DeliveryResult, attempt: number, random: () => number) {
  const delay = retryDelay(attempt, random);
  if (delay === null) return null;
  const asked =
    result.httpStatus === 429 || result.httpStatus === 503
      ? retryAfterMs(result.retryAfter, result.at)
      : null;
  return result.at + Math.max(delay, asked ?? 0);
}

async function disableEndpoint(
  tx: StoreTx,
  ctx: EngineContext,
  endpoint: WebhookEndpointDoc,
  reason: string,
) {
  const why =
    reason === 'gone' ? 'the endpoint answered 410 Gone' : 'no successful delivery for five days';
  const disabled = { ...endpoint, status: 'disabled' as const, disabled_reason: why };
  await tx.put('webhook_endpoints', disabled);
  await appendAccountEvent(tx, ctx, endpoint, 'webhook_endpoint.disabled', {
    endpoint_id: endpoint.endpoint_id,
    url: endpoint.url,
    reason,
  });
  return disabled;
}

function attemptDoc(
  ctx: EngineContext,
  result: DeliveryResult,
  row: OutboxDoc,
  attempt: number,
  nextAt: number | null,
): AttemptDoc {
  return {
    attempt_id: ctx.ids.next('whd'),
    endpoint_id: row.endpoint_id,
    event_id: row.event_id,
    event_type: result.eventType,
    attempt,
    status: succeeded(result) ? 'succeeded' : 'failed',
    http_status: result.httpStatus,
    error: result.error,
    duration_ms: result.durationMs,
    created_at: isoTime(result.at),
    next_retry_at: nextAt === null ? null : isoTime(nextAt),
  };
}
