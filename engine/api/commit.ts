import type { Context } from 'hono';
import type { EngineContext } from '../context';
import { claimIdempotent, saveIdempotent, type IdempotencyScope } from '../idempotency/records';
import type { StoreTx } from '../ports';
import type { ApiEnv } from './env';
import { jsonResponse, withRequestId } from './json-text';
import { replay } from './middleware/idempotency';

/** What a write's answer depends on, routed or not: the engine, its request id and Idempotency-Key. */
export interface WriteRequest {
  ctx: EngineContext;
  requestId: string;
  idempotency: IdempotencyScope | undefined;
}

type Within = <R>(unit: (tx: StoreTx) => Promise<R>) => Promise<R>;

/**
 * Runs a write and its idempotency record in ONE transaction and answers with its result. If a
 * twin request committed first (the in-flight guard is per process), the stored answer is replayed
 * instead of doing the work twice. The answer is serialised once: the same text is stored for
 * replays and sent.
 */
export async function commit<T extends object>(
  c: Context<ApiEnv>,
  status: 200 | 201,
  work: (tx: StoreTx) => Promise<T>,
  /** Who opens the transaction: the store by default; the executor when it must call out first. */
  within?: Within,
): Promise<Response> {
  const write = {
    ctx: c.get('ctx'),
    requestId: c.get('requestId'),
    idempotency: c.get('idempotency'),
  };
  const response = await commitWrite(write, status, work, within);
  // The answer carries its request id header already (json-text.ts, replay).
  c.set('requestIdSent', true);
  return response;
}

/** commit for a request answered without the router (intent-create.ts). */
export async function commitWrite<T extends object>(
  { ctx, requestId, idempotency }: WriteRequest,
  status: 200 | 201,
  work: (tx: StoreTx) => Promise<T>,
  within: Within = (unit) => ctx.store.transact(unit),
): Promise<Response> {
  const outcome = await within(async (tx) => {
    if (idempotency) {
      const prior = await claimIdempotent(tx, ctx, idempotency);
      if (prior) return { prior, text: undefined };
    }
    const text = withRequestId(JSON.stringify(await work(tx)), requestId);
    if (idempotency) await saveIdempotent(tx, ctx, idempotency, status, text, requestId);
    return { prior: undefined, text };
  });
  if (outcome.prior) return replay(outcome.prior, idempotency!.requestHash, requestId);
  return jsonResponse(outcome.text!, status, requestId);
}
