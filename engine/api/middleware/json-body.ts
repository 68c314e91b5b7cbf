import type { MiddlewareHandler } from 'hono';
import { EngineError } from '../../errors';
import { LIMITS } from '../../limits';
import { readCapped } from '../../util/read-capped';
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
export const jsonBody = (): MiddlewareHandler<ApiEnv> => async (c, next) => {
  c.set('body', await readJsonBody(c.req.raw));
  return next();
};

/** The body of a write as jsonBody reads it (for a request answered without the router). */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('Content-Type');
  const length = request.headers.get('Content-Length');
  const chunked = length === null && request.headers.get('Transfer-Encoding') !== null;
  if (!type && !chunked && (length === null || length === '0')) return {};
  if (!type || !JSON_TYPE.test(type)) {
    throw new EngineError(
      'unsupported_media_type',
      `Send the body as JSON with \`Content-Type: application/json\` (got ${type ? `'${type}'` : 'no Content-Type'}).`,
    );
  }
  const encoding = request.headers.get('Content-Encoding');
  if (encoding !== null && encoding.trim().toLowerCase() !== 'identity') {
    throw new EngineError(
      'unsupported_media_type',
      `Content-Encoding '${encoding}' is not supported: send the JSON body uncompressed.`,
    );
  }
  if (length !== null && Number(length) > LIMITS.bodyBytes) throw tooLarge();
  const text = utf8(chunked ? await readChunked(request) : await request.arrayBuffer());
  if (tooManyBytes(text)) throw tooLarge();
  return parseObject(text);
}

/** Whether a text passes the limit in UTF-8 bytes (a code unit takes at most 3, so short texts never do). */
const tooManyBytes = (text: string) =>
  text.length * 3 > LIMITS.bodyBytes &&
  new TextEncoder().encode(text).byteLength > LIMITS.bodyBytes;

/** A body without Content-Length is read chunk by chunk and refused as soon as it passes the cap. */
async function readChunked(request: Request): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  return readCapped(request.body, LIMITS.bodyBytes, tooLarge);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The body's text; bytes that are not UTF-8 are refused, not read as U+FFFD. */
function utf8(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new EngineError(
      'invalid_json',
      'The request body is not valid UTF-8: send JSON in UTF-8.',
    );
  }
}

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
