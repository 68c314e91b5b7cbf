import type { EngineContext } from '../context';
import { appendAccountEvent } from '../events/log';
import { saveEndpoint } from '../events/subscriptions';
import { NeedsGuardedReads, type Guard } from '../store/guarded';
import type { StoreTx } from '../ports';
import type { AttemptDoc, OutboxDoc, WebhookEndpointDoc } from '../schemas/webhook-endpoint';
import { isoTime } from '../util/time';
import { DISABLE_AFTER_MS, retryAfterMs, retryDelay } from './schedule';

/** How one delivery attempt ended: an HTTP answer or a network failure. */
export interface DeliveryResult {
  row: OutboxDoc;
  eventType: string;
  /** The endpoint had failed before (failing_since), as the dispatcher read it to send. */
  endpointFailing: boolean;
  httpStatus: number | null;
  retryAfter?: string;
  error: string | null;
  durationMs: number;
  at: number;
}

const succeeded = (r: DeliveryResult) =>
  r.httpStatus !== null && r.httpStatus >= 200 && r.httpStatus < 300;

/**
 * Whether recording `results` writes only the outbox rows their sender holds and the attempt log:
 * successes at endpoints that were not failing. Such a batch leaves its endpoints as they are,
 * so its unit is guarded by its writes (UnitOptions); recordResults checks that it does.
 */
export const leavesEndpointsAlone = (results: readonly DeliveryResult[]) =>
  results.every((result) => succeeded(result) && !result.endpointFailing);

/**
 * Records a batch of ended attempts in the caller's transaction: the attempt log, the outbox row
 * (gone on success or give-up, rescheduled otherwise) and the endpoint (failing since, disabled).
 * The rows are the dispatcher's copies of its claimed rows: what is written here (attempts, due
 * time, claim) is the claim holder's alone, so the rows are not read again. `guardedBy: 'writes'`
 * (a batch that leavesEndpointsAlone, in a unit so guarded): an endpoint that needs writing after
 * all throws NeedsGuardedReads, so that the batch is recorded again with its reads guarded.
 */
export async function recordResults(
  tx: StoreTx,
  ctx: EngineContext,
  results: DeliveryResult[],
  random: () => number,
  guardedBy: Guard = 'reads',
): Promise<void> {
  const endpoints = new Map<string, { read: WebhookEndpointDoc; now: WebhookEndpointDoc }>();
  const endpointOf = async (id: string) => {
    if (!endpoints.has(id)) {
      const read = await tx.get<WebhookEndpointDoc>('webhook_endpoints', id);
      if (read) endpoints.set(id, { read, now: read });
    }
    return endpoints.get(id);
  };
  for (const result of results) {
    const { row } = result;
    const attempt = row.attempts + 1;
    const endpoint = await endpointOf(row.endpoint_id);
    let nextAt: number | null = null;
    let disable: 'gone' | 'failing' | null = null;
    if (succeeded(result)) {
      if (endpoint && endpoint.now.failing_since !== null)
        endpoint.now = { ...endpoint.now, failing_since: null };
    } else if (result.httpStatus === 410) {
      disable = 'gone';
    } else {
      const failingSince = endpoint?.now.failing_since ?? result.at;
      if (endpoint && endpoint.now.failing_since === null)
        endpoint.now = { ...endpoint.now, failing_since: failingSince };
      if (result.at - failingSince >= DISABLE_AFTER_MS) disable = 'failing';
      else nextAt = nextAttemptAt(result, attempt, random);
    }
    if (disable && endpoint?.now.status === 'enabled') {
      await disableEndpoint(tx, ctx, endpoint, disable);
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
  for (const endpoint of endpoints.values()) {
    if (endpoint.now === endpoint.read) continue;
    // A write over what this unit read, which only guarded reads make safe.
    if (guardedBy === 'writes')
      throw new NeedsGuardedReads(`endpoint ${endpoint.read.endpoint_id} changed`);
    await saveEndpoint(tx, endpoint.now, endpoint.read);
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

/** Disables the endpoint now (so that its own disabled event is not queued to it) and says so. */
async function disableEndpoint(
  tx: StoreTx,
  ctx: EngineContext,
  endpoint: { read: WebhookEndpointDoc; now: WebhookEndpointDoc },
  reason: 'gone' | 'failing',
) {
  const why =
    reason === 'gone' ? 'the endpoint answered 410 Gone' : 'no successful delivery for five days';
  const disabled = { ...endpoint.now, status: 'disabled' as const, disabled_reason: why };
  await saveEndpoint(tx, disabled, endpoint.read);
  endpoint.read = endpoint.now = disabled;
  await appendAccountEvent(tx, ctx, disabled, 'webhook_endpoint.disabled', {
    endpoint_id: disabled.endpoint_id,
    url: disabled.url,
    reason,
  });
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
