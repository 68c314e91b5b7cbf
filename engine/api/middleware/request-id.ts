import type { MiddlewareHandler } from 'hono';
import type { EngineContext } from '../../context';
import type { ApiEnv } from '../env';

/**
 * Puts the engine on the context and gives every request an id, echoed in X-Request-Id and every
 * body. The header is added to the answer unless it has one: a replay's is the first request's,
 * and an answer built by jsonText carries it already.
 */
export const requestId =
  (ctx: EngineContext): MiddlewareHandler<ApiEnv> =>
  async (c, next) => {
    c.set('ctx', ctx);
    const id = ctx.ids.next('req');
    c.set('requestId', id);
    await next();
    if (c.get('requestIdSent')) return;
    const headers = c.res.headers;
    if (!headers.has('X-Request-Id')) headers.set('X-Request-Id', id);
  };
