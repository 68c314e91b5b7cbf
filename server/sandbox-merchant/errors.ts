import type { Context } from 'hono';

/** Error `type` values of the ACP Error schema. */
export type AcpErrorType = 'invalid_request' | 'processing_error' | 'service_unavailable';

/**
 * The one error class of the sandbox. It is rendered as the flat ACP `Error` object
 * `{type, code, message, param?}` (plus `extra` fields for non-ACP endpoints such as the ACS).
 */
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param?: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
    readonly type: AcpErrorType = status >= 500 ? 'processing_error' : 'invalid_request',
  ) {
    super(message);
  }

  toBody(): Record<string, unknown> {
    return {
      type: this.type,
      code: this.code,
      message: this.message,
      ...(this.param === undefined ? {} : { param: this.param }),
      ...this.extra,
    };
  }
}

export function errorResponse(c: Context, err: unknown): Response {
  const error =
    err instanceof SandboxError
      ? err
      : new SandboxError(500, 'internal_error', 'The sandbox merchant failed unexpectedly; retry.');
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json(error.toBody(), error.status as 400);
}

export const notFound = (what: string, id: string, param?: string) =>
  new SandboxError(404, 'resource_missing', `No ${what} '${id}' exists on this sandbox.`, param);
