import type { MiddlewareHandler } from 'hono';
import type { EngineContext } from '../../context';
import type { ApiEnv } from '../env';

/** Puts the engine on the context and gives every request an id, echoed in X-Request-Id and every body. */
export const requestId =
  (ctx: EngineContext): MiddlewareHandler<ApiEnv> =>
  async (c, next) => {
    c.set('ctx', ctx);
    const id = ctx.ids.next('req');
    c.set('requestId', id);
    c.header('X-Request-Id', id);
    await next();
  };
