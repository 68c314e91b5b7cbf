import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { EngineError } from '../../errors';
import { LIMITS } from '../../limits';
import type { ApiEnv } from '../env';

const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;.*)?$/i;

const tooLarge = () =>
  new EngineError(
    'body_too_large',
    `The request body exceeds ${LIMITS.bodyBytes / 1024} KiB. Send less data.`,
  );

/**
 * Reads the body of a write: at most 64 KiB, JSON only (415 otherwise), a JSON object. An absent
 * body reads as `{}` so that cancel can be called with no body at all.
 */
export const jsonBody = (): MiddlewareHandler<ApiEnv> => {
  const limit = bodyLimit({
    maxSize: LIMITS.bodyBytes,
    onError: () => {
      throw tooLarge();
    },
  });
  return async (c, next) => {
    const type = c.req.header('Content-Type');
    const length = c.req.header('Content-Length');
    const hasBody =
      (length !== undefined && length !== '0') || c.req.header('Transfer-Encoding') !== undefined;
    if (!hasBody && !type) {
      c.set('body', {});
      return next();
    }
    if (!type || !JSON_TYPE.test(type)) {
      throw new EngineError(
        'unsupported_media_type',
        `Send the body as JSON with \`Content-Type: application/json\` (got ${type ? `'${type}'` : 'no Content-Type'}).`,
      );
    }
    return limit(c, async () => {
      const text = await c.req.text();
      c.set('body', parseObject(text));
      await next();
    });
  };
};

function parseObject(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new EngineError(
      'invalid_json',
      `The request body is not valid JSON: ${(error as Error).message}.`,
    );
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new EngineError('invalid_json', 'The request body must be a JSON object.');
  }
  return value as Record<string, unknown>;
}
