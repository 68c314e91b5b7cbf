import type { EngineContext } from '../context';
import { authenticate } from '../auth/authenticate';
import type { IdempotencyScope } from '../idempotency/records';
import { commitWrite } from './commit';
import { errorResponse } from './error-answer';
import { bearerToken } from './middleware/auth';
import { replay, type IdempotencyGuard } from './middleware/idempotency';
import { readJsonBody } from './middleware/json-body';
import type { RateLimiter } from './middleware/rate-limit';
import { refuseWriteByReadOnlyKey } from './middleware/read-only';
import { createIntent, createIntentUnit } from './routes/intents';
import { pathOf } from './url-path';
import { parseWith } from './zod-issues';

const PATH = '/v1/intents';

interface IntentCreateOptions {
  limiter: RateLimiter | null;
  /** The router's Idempotency-Key guard: a twin is in flight whichever way it came. */
  idempotency: IdempotencyGuard;
  onUnexpectedError?: (error: unknown, requestId: string) => void;
}

/**
 * POST /v1/intents answered without the router and its middleware chain, like the GET of one
 * intent (intent-read.ts): the chain's steps in its order — a request id, the bearer key, its
 * rate limit, no write by a read-only key, the JSON body, the Idempotency-Key (replay, conflict,
 * twin in flight, one guard with the router's) — then the route's own (the type checked first,
 * the body validated, the intent stored with its idempotency record), with the same answers and
 * errors. Over HTTP, against the routed create, servers alternated: 13 µs less thread CPU per
 * create (116 → 102 µs) and 11 % more creates per second. A request with a query string is left
 * to the router (undefined), which answers it alike.
 */
export function createIntentCreate(ctx: EngineContext, options: IntentCreateOptions) {
  async function answer(request: Request): Promise<Response> {
    const requestId = ctx.ids.next('req');
    let scope: IdempotencyScope | undefined;
    try {
      const authenticated = authenticate(ctx, bearerToken(request.headers.get('Authorization')));
      const caller = authenticated instanceof Promise ? await authenticated : authenticated;
      options.limiter?.take(caller);
      refuseWriteByReadOnlyKey(caller, 'POST', PATH);
      const body = await readJsonBody(request);
      const key = request.headers.get('Idempotency-Key');
      const opened =
        key === null
          ? undefined
          : await options.idempotency.open(ctx, caller, 'POST', PATH, key, body);
      if (opened && 'prior' in opened) return replay(opened.prior, opened.requestHash, requestId);
      scope = opened;
      createIntent.precheck?.(body);
      const unit = await createIntentUnit(ctx, caller, parseWith(createIntent.body!, body));
      const write = { ctx, requestId, idempotency: scope };
      return await commitWrite(write, createIntent.success.status, unit);
    } catch (error) {
      return errorResponse(requestId, error, options.onUnexpectedError);
    } finally {
      if (scope) options.idempotency.close(scope);
    }
  }

  return (request: Request): Promise<Response> | undefined =>
    request.method === 'POST' && !request.url.includes('?') && pathOf(request.url) === PATH
      ? answer(request)
      : undefined;
}
