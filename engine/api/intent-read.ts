import type { EngineContext } from '../context';
import { authenticate, authenticateCached } from '../auth/authenticate';
import type { Caller } from '../caller';
import { loadIntent } from '../intents/service';
import { intentViewJson, loadIntentViewJson } from '../intents/view';
import type { IntentDoc } from '../schemas/intent-doc';
import type { WatchDoc } from '../schemas/watch';
import { errorAnswer } from './error-answer';
import { JSON_TYPE, withRequestId } from './json-text';
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
 * answers and errors (errorAnswer). The key record, the intent and its watch are taken from the
 * store's memory when it holds them (`peek`, as fresh as `get`), without a promise. The chain's context, middleware frames and async hops cost
 * about a quarter of an in-process GET (4.3 → 3.3 µs); through HTTP the gain is smaller (about
 * 6 % more requests per second, six server processes alternated); the extension's engine runs
 * in-process. A request with a query string, an encoded id or any other route is left to the
 * router (undefined).
 */
export function createIntentRead(ctx: EngineContext, options: IntentReadOptions) {
  /** The view when the store holds the caller's intent and its watch in memory (peek). */
  function cachedView(caller: Caller, intentId: string): string | undefined {
    const intent = ctx.store.peek?.<IntentDoc>('intents', intentId);
    if (!intent || intent.scope !== caller.scope) return undefined;
    if (!intent.watch_id) return intentViewJson(intent, undefined);
    const watch = ctx.store.peek?.<WatchDoc>('watches', intent.watch_id);
    return watch && intentViewJson(intent, watch);
  }

  async function answer(request: Request, intentId: string): Promise<Response> {
    const requestId = ctx.ids.next('req');
    try {
      const token = bearerToken(request.headers.get('Authorization'));
      const caller = authenticateCached(ctx, token) ?? (await authenticate(ctx, token));
      options.limiter?.take(caller);
      const view =
        cachedView(caller, intentId) ??
        (await loadIntentViewJson(ctx.store, await loadIntent(ctx.store, caller, intentId)));
      return new Response(withRequestId(view, requestId), {
        status: 200,
        headers: { ...JSON_TYPE, 'X-Request-Id': requestId },
      });
    } catch (error) {
      const { status, headers, body } = errorAnswer(requestId, error, options.onUnexpectedError);
      return new Response(JSON.stringify(body), { status, headers: { ...JSON_TYPE, ...headers } });
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
