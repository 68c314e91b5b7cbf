import type { EngineContext } from '../context';
import type { Caller } from '../caller';
import type { StoreReader, StoreTx } from '../ports';
import { LIMITS } from '../limits';

export interface IdempotencyDoc {
  [field: string]: unknown;
  id: string;
  request_hash: string;
  status: number;
  /** The response body as sent: replayed byte for byte. */
  response: string;
  /** The request id of the first response (in `response` too), for its X-Request-Id header. */
  request_id: string;
  created_at: number;
  expires_at: number;
}

/** A record written before the response was kept as text: its body as an object. */
interface OlderIdempotencyDoc {
  body?: { request_id?: string };
}

/** The stored response's text and request id, whichever way the record keeps them. */
export function storedResponse(doc: IdempotencyDoc): { text: string; requestId?: string } {
  if (typeof doc.response === 'string') return { text: doc.response, requestId: doc.request_id };
  const { body } = doc as OlderIdempotencyDoc;
  return { text: JSON.stringify(body), requestId: body?.request_id };
}

export interface IdempotencyScope {
  id: string;
  requestHash: string;
}

export const idempotencyId = (caller: Caller, method: string, path: string, key: string) =>
  `${caller.scope}|${method}|${path}|${key}`;

/** The stored response for this key, unless its 24 h replay window has passed. */
export async function findIdempotent(
  reader: StoreReader,
  ctx: EngineContext,
  id: string,
): Promise<IdempotencyDoc | undefined> {
  const doc = await reader.get<IdempotencyDoc>('idempotency', id);
  return doc && doc.expires_at > ctx.clock.now() ? doc : undefined;
}

/**
 * findIdempotent in the unit that stores this request's own record. Where the store inserts if
 * absent, the key is claimed by writing a placeholder now (saveIdempotent replaces it before the
 * unit commits; a unit rolled back leaves nothing): on PostgreSQL a read of a missing key locks
 * its index page, and concurrent requests with other keys on that page would then conflict.
 */
export async function claimIdempotent(
  tx: StoreTx,
  ctx: EngineContext,
  scope: IdempotencyScope,
): Promise<IdempotencyDoc | undefined> {
  if (!tx.insertIfAbsent) return findIdempotent(tx, ctx, scope.id);
  const now = ctx.clock.now();
  const prior = await tx.insertIfAbsent('idempotency', record(scope, 0, '', '', now));
  return prior && prior.expires_at > now ? prior : undefined;
}

/** Stores a 2xx response (its JSON text) in the transaction that created what it describes. */
export async function saveIdempotent(
  tx: StoreTx,
  ctx: EngineContext,
  scope: IdempotencyScope,
  status: number,
  response: string,
  requestId: string,
): Promise<void> {
  await tx.put('idempotency', record(scope, status, response, requestId, ctx.clock.now()));
}

function record(
  scope: IdempotencyScope,
  status: number,
  response: string,
  requestId: string,
  now: number,
): IdempotencyDoc {
  return {
    id: scope.id,
    request_hash: scope.requestHash,
    status,
    response,
    request_id: requestId,
    created_at: now,
    expires_at: now + LIMITS.idempotencyTtlMs,
  };
}

/** Deletes records past their replay window; returns how many went. */
export async function purgeExpiredIdempotency(ctx: EngineContext, batch = 500): Promise<number> {
  return ctx.store.transact(async (tx) => {
    const expired = await tx.query<IdempotencyDoc>('idempotency', {
      index: 'by_expiry',
      prefix: [],
      range: { lte: ctx.clock.now() },
      limit: batch,
    });
    for (const doc of expired) await tx.delete('idempotency', doc.id);
    return expired.length;
  });
}
