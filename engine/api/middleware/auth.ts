import type { MiddlewareHandler } from 'hono';
import { authenticate } from '../../auth/authenticate';
import { EngineError } from '../../errors';
import type { ApiEnv } from '../env';

/** Bearer key authentication (CONTRACT §3). A key in the query string is never looked at. */
export const auth = (): MiddlewareHandler<ApiEnv> => async (c, next) => {
  const header = c.req.header('Authorization');
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match) {
    throw new EngineError(
      'authentication_required',
      header
        ? 'The Authorization header must be `Bearer <API key>`.'
        : 'No API key provided. Send it as `Authorization: Bearer sk_test_...`.',
    );
  }
  c.set('caller', await authenticate(c.get('ctx'), match[1]!));
  await next();
};
