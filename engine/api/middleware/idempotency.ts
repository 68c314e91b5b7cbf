import type { MiddlewareHandler } from 'hono';
import type { Caller } from '../../caller';
import type { EngineContext } from '../../context';
import { EngineError } from '../../errors';
import {
  findIdempotent,
  idempotencyId,
  storedResponse,
  type IdempotencyDoc,
  type IdempotencyScope,
} from '../../idempotency/records';
import { JSON_TYPE } from '../json-text';
import { LIMITS } from '../../limits';
import { canonicalJson } from '../../util/canonical-json';
import { sha256Hex } from '../../util/sha256';
import type { ApiEnv } from '../env';

const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/** The requests with an Idempotency-Key being served, shared by every way a write is answered. */
export type IdempotencyGuard = ReturnType<typeof createIdempotencyGuard>;

/**
 * Idempotency-Key handling (CONTRACT §5). Replays a stored 2xx, refuses a different body (422) and
 * a concurrent twin (409). The record itself is written by `commit` in the transaction that
 * creates the object, so a crash can never leave one without the other.
 */
export function idempotency(guard = createIdempotencyGuard()): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const key = c.req.header('Idempotency-Key');
    const opened = await guard.open(
      c.get('ctx'),
      c.get('caller'),
      c.req.method,
      c.req.path,
      key,
      c.get('body'),
    );
    if (opened === undefined) {
      c.set('idempotency', undefined);
      return next();
    }
    if ('prior' in opened) return replay(opened.prior, opened.requestHash, c.get('requestId'));
    c.set('idempotency', opened);
    try {
      await next();
    } finally {
      guard.close(opened);
    }
  };
}

/**
 * The Idempotency-Key check of a write: nothing without a key; the stored response to replay; or
 * the scope under which to store this one, held as in flight until `close`.
 */
export function createIdempotencyGuard() {
  const inFlight = new Set<string>();
  return {
    async open(
      ctx: EngineContext,
      caller: Caller,
      method: string,
      path: string,
      key: string | null | undefined,
      body: Record<string, unknown>,
    ): Promise<IdempotencyScope | { prior: IdempotencyDoc; requestHash: string } | undefined> {
      if (key === undefined || key === null) return undefined;
      if (
        key.length < 1 ||
        key.length > LIMITS.idempotencyKeyLength ||
        !PRINTABLE_ASCII.test(key)
      ) {
        throw new EngineError(
          'idempotency_key_invalid',
          `Idempotency-Key must be 1 to ${LIMITS.idempotencyKeyLength} printable ASCII characters; a UUID works well.`,
          'Idempotency-Key',
        );
      }
      const id = idempotencyId(caller, method, path, key);
      const requestHash = await sha256Hex(canonicalJson(withoutSecrets(body)));
      const prior = await findIdempotent(ctx.store, ctx, id);
      if (prior) return { prior, requestHash };
      if (inFlight.has(id)) {
        throw new EngineError(
          'idempotency_in_flight',
          'A request with this Idempotency-Key is still being processed. Retry after it completes.',
          'Idempotency-Key',
          1,
        );
      }
      inFlight.add(id);
      return { id, requestHash };
    },
    close(scope: IdempotencyScope) {
      inFlight.delete(scope.id);
    },
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

/**
 * The stored response, answered again: same status, same body, same request id (this request's
 * when an older record kept none). A different body under the same key is a conflict.
 */
export function replay(prior: IdempotencyDoc, requestHash: string, requestId: string): Response {
  if (prior.request_hash !== requestHash) {
    throw new EngineError(
      'idempotency_conflict',
      'This Idempotency-Key was already used with a different request body. Use a new key for a new request.',
      'Idempotency-Key',
    );
  }
  const stored = storedResponse(prior);
  return new Response(stored.text, {
    status: prior.status,
    headers: {
      ...JSON_TYPE,
      'X-Request-Id': stored.requestId ?? requestId,
      'Idempotent-Replayed': 'true',
    },
  });
}
