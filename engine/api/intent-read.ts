import type { EngineContext } from '../context';
import { authenticate } from '../auth/authenticate';
import { callerIntentViewJson } from '../intents/view';
import { errorResponse } from './error-answer';
import { jsonResponse, withRequestId } from './json-text';
import { bearerToken } from './middleware/auth';
import type { RateLimiter } from './middleware/rate-limit';
import { pathOf } from './url-path';

const PREFIX = '/v1/intents/';
/** An id as it is stored: no path separator, nothing percent-encoded (those go through Hono). */
const PLAIN_ID = /^[A-Za-z0-9_-]+$/;

interface IntentReadOptions {
  limiter: RateLimiter | null;
  onUnexpectedError?: (error: unknown, requestId: string) => void;
}

/**
 * GET /v1/intents/{intent_id} — the read that partners and the extension poll — answered without
 * the router and its middleware chain: the same steps the chain takes for it (a request id, the
 * bearer key, the key's rate limit, the caller's intent and its view), in a row, with the same
 * answers and errors (errorAnswer); the key, the intent and its watch come without a promise when
 * the store holds them in memory (authenticate, callerIntentViewJson, which the chain uses too).
 * The chain's context, middleware frames and async hops cost about a quarter of an in-process GET
 * (4.3 → 3.3 µs); through HTTP the gain is smaller (about 6 % more requests per second, six server
 * processes alternated); the extension's engine runs in-process. A request with a query string,
 * an encoded id or any other route is left to the router (undefined).
 */
export function createIntentRead(ctx: EngineContext, options: IntentReadOptions) {
  async function answer(request: Request, intentId: string): Promise<Response> {
    const requestId = ctx.ids.next('req');
    try {
      const authenticated = authenticate(ctx, bearerToken(request.headers.get('Authorization')));
      const caller = authenticated instanceof Promise ? await authenticated : authenticated;
      options.limiter?.take(caller);
      const read = callerIntentViewJson(ctx.store, caller, intentId);
      const view = typeof read === 'string' ? read : await read;
      return jsonResponse(withRequestId(view, requestId), 200, requestId);
    } catch (error) {
      return errorResponse(requestId, error, options.onUnexpectedError);
    }
  }

  return (request: Request): Promise<Response> | undefined => {
    if (request.method !== 'GET' || request.url.includes('?')) return undefined;
    const path = pathOf(request.url);
    if (!path.startsWith(PREFIX)) return undefined;
    const intentId = path.slice(PREFIX.length);
    return PLAIN_ID.test(intentId) ? answer(request, intentId) : undefined;
  };
}
