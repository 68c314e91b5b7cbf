import type { MiddlewareHandler } from 'hono';
import { authenticate } from '../../auth/authenticate';
import { EngineError } from '../../errors';
import type { ApiEnv } from '../env';

/** The API key of an Authorization header, or authentication_required saying what is wrong. */
export function bearerToken(header: string | undefined | null): string {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match) {
    throw new EngineError(
      'authentication_required',
      header
        ? 'The Authorization header must be `Bearer <API key>`.'
        : 'No API key provided. Send it as `Authorization: Bearer sk_test_...`.',
    );
  }
  return match[1]!;
}

/** Bearer key authentication (CONTRACT §3). A key in the query string is never looked at. */
export const auth = (): MiddlewareHandler<ApiEnv> => async (c, next) => {
  c.set('caller', await authenticate(c.get('ctx'), bearerToken(c.req.header('Authorization'))));
  await next();
};
