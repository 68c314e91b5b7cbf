import type { MiddlewareHandler } from 'hono';
import type { Caller } from '../../caller';
import { EngineError } from '../../errors';
import type { ApiEnv } from '../env';

/** A read-only key may read everything its partner owns and write nothing (before the body is read). */
export const refuseReadOnly = (): MiddlewareHandler<ApiEnv> => async (c, next) => {
  refuseWriteByReadOnlyKey(c.get('caller'), c.req.method, c.req.path);
  await next();
};

/** permission_denied for a write `method path` by a read-only key (refuseReadOnly's check). */
export function refuseWriteByReadOnlyKey(caller: Caller, method: string, path: string) {
  if (caller.readOnly) {
    throw new EngineError(
      'permission_denied',
      `This API key is read-only: it can read intents, events and receipts, not ${method} ${path}. Use a key created without --read-only.`,
    );
  }
}
