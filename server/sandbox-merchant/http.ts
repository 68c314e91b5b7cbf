import type { z } from 'zod';
import type { SandboxContext } from './context';
import { SandboxError } from './errors';

const MAX_BODY = 64 * 1024;

/**
 * Reads a JSON body. An empty body gives `undefined` (allowed only where `optional`);
 * anything else must be application/json (415), at most 64 KiB (413) and valid JSON (400).
 */
export async function readJson(c: SandboxContext, optional = false): Promise<unknown> {
  const text = await c.req.text();
  if (text.length === 0) {
    if (optional) return undefined;
    throw new SandboxError(400, 'parameter_missing', 'This request needs a JSON body.');
  }
  const type = c.req.header('Content-Type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new SandboxError(
      415,
      'unsupported_media_type',
      'Send the body as Content-Type: application/json.',
    );
  }
  if (new TextEncoder().encode(text).length > MAX_BODY) {
    throw new SandboxError(413, 'body_too_large', 'The body is larger than 64 KiB.');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new SandboxError(400, 'invalid_json', 'The body is not valid JSON.');
  }
}

/** RFC 9535 JSONPath of a zod issue path, e.g. $.line_items[0].id */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : `${acc}.${String(key)}`),
    '$',
  );
}

/**
 * Validates a body with a zod schema; the first issue becomes a 400 with its JSONPath.
 * `codeFor` may rename the code by path (delegate_payment uses invalid_card for the card).
 */
export function parseWith<T extends z.ZodType>(
  schema: T,
  body: unknown,
  codeFor: (param: string, code: string) => string = (_p, code) => code,
): z.infer<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  let path = [...issue.path];
  let code = 'parameter_invalid';
  let message = issue.message;
  if (issue.code === 'unrecognized_keys') {
    path = [...path, issue.keys[0]!];
    code = 'parameter_unknown';
    message = 'Unknown field; ACP 2026-04-17 does not define it here.';
  } else if (issue.code === 'invalid_type' && issue.input === undefined) {
    code = 'parameter_missing';
    message = 'This field is required.';
  }
  const param = jsonPath(path);
  throw new SandboxError(400, codeFor(param, code), `${param}: ${message}`, param);
}
