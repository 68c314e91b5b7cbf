import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../env';

/** Gives every request an id, echoed in the X-Request-Id header and in every body. */
export const requestId = (): MiddlewareHandler<ApiEnv> => async (c, next) => {
  const id = c.var.ctx.ids.next('req');
  c.set('requestId', id);
  c.header('X-Request-Id', id);
  await next();
};
