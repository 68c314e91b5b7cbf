import type { Context, MiddlewareHandler } from 'hono';
import { EngineError } from '../../errors';
import {
  findIdempotent,
  idempotencyId,
  storedResponse,
  type IdempotencyDoc,
} from '../../idempotency/records';
import { JSON_TYPE } from '../json-text';
import { LIMITS } from '../../limits';
import { canonicalJson } from '../../util/canonical-json';
import { sha256Hex } from '../../util/sha256';
import type { ApiEnv } from '../env';

const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/**
 * Idempotency-Key handling (CONTRACT §5). Replays a stored 2xx, refuses a different body (422) and
 * a concurrent twin (409). The record itself is written by `commit` in the transaction that
 * creates the object, so a crash can never leave one without the other.
 */
export function idempotency(): MiddlewareHandler<ApiEnv> {
  const inFlight = new Set<string>();
  return async (c, next) => {
    const key = c.req.header('Idempotency-Key');
    if (key === undefined) {
      c.set('idempotency', undefined);
      return next();
    }
    if (key.length < 1 || key.length > LIMITS.idempotencyKeyLength || !PRINTABLE_ASCII.test(key)) {
      throw new EngineError(
        'idempotency_key_invalid',
        `Idempotency-Key must be 1 to ${LIMITS.idempotencyKeyLength} printable ASCII characters; a UUID works well.`,
        'Idempotency-Key',
      );
    }
    const id = idempotencyId(c.get('caller'), c.req.method, c.req.path, key);
    const requestHash = await sha256Hex(canonicalJson(withoutSecrets(c.get('body'))));
    const prior = await findIdempotent(c.get('ctx').store, c.get('ctx'), id);
    if (prior) return replay(c, prior, requestHash);
    if (inFlight.has(id)) {
      throw new EngineError(
        'idempotency_in_flight',
        'A request with this Idempotency-Key is still being processed. Retry after it completes.',
        'Idempotency-Key',
        1,
      );
    }
    inFlight.add(id);
    c.set('idempotency', { id, requestHash });
    try {
      await next();
    } finally {
      inFlight.delete(id);
    }
  };
}

/**
 * The body as fingerprinted for idempotency: an OTP is left out, since even its hash would keep
 * it (six digits are quickly tried). A retry with another code under the same key is then "the
 * same request" — harmless: only a 2xx (a code already accepted) is ever replayed.
 */
function withoutSecrets(body: Record<string, unknown>): Record<string, unknown> {
  const action = body.user_action;
  if (!action || typeof action !== 'object' || !('code' in action)) return body;
  const { code: _code, ...rest } = action as Record<string, unknown>;
  return { ...body, user_action: rest };
}

/** Answers with the stored response; a different body under the same key is a conflict. */
export function replay(c: Context<ApiEnv>, prior: IdempotencyDoc, requestHash: string): Response {
  if (prior.request_hash !== requestHash) {
    throw new EngineError(
      'idempotency_conflict',
      'This Idempotency-Key was already used with a different request body. Use a new key for a new request.',
      'Idempotency-Key',
    );
  }
  const { text, requestId } = storedResponse(prior);
  // A replay is the original response: same status, same body, same request id.
  if (requestId) c.header('X-Request-Id', requestId);
  c.header('Idempotent-Replayed', 'true');
  return c.body(text, prior.status as 200, JSON_TYPE);
}
