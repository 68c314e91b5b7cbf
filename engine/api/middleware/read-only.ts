import type { MiddlewareHandler } from 'hono';
import { EngineError } from '../../errors';
import type { ApiEnv } from '../env';

/** A read-only key may read everything its partner owns and write nothing (before the body is read). */
export const refuseReadOnly = (): MiddlewareHandler<ApiEnv> => async (c, next) => {
  if (c.get('caller').readOnly) {
    throw new EngineError(
      'permission_denied',
      `This API key is read-only: it can read intents, events and receipts, not ${c.req.method} ${c.req.path}. Use a key created without --read-only.`,
    );
  }
  await next();
};
