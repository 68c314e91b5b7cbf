/**
 * The one error type the engine throws on purpose. `code` is stable and documented; the API layer
 * maps it to an HTTP status in one place (engine/api/error-map.ts). Messages say what to do next.
 */
export type ErrorCode =
  | 'parameter_missing'
  | 'parameter_invalid'
  | 'parameter_unknown'
  | 'unsupported_intent_type'
  | 'invalid_json'
  | 'idempotency_key_invalid'
  | 'authentication_required'
  | 'invalid_api_key'
  | 'permission_denied'
  | 'resource_missing'
  | 'receipt_not_available'
  | 'intent_not_resumable'
  | 'intent_not_cancelable'
  | 'idempotency_in_flight'
  | 'body_too_large'
  | 'unsupported_media_type'
  | 'idempotency_conflict'
  | 'rate_limited'
  | 'incorrect_code'
  | 'internal_error'
  | 'service_unavailable';

export class EngineError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly param?: string,
    /** Seconds a client should wait before retrying (409 in flight, 429, 503). */
    readonly retryAfter?: number,
    /** The HTTP status when it is not the code's usual one (see missingReference). */
    readonly status?: 400,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

export const missing = (param: string, message = `${param} is required.`) =>
  new EngineError('parameter_missing', message, param);

export const invalid = (param: string, message: string) =>
  new EngineError('parameter_invalid', message, param);

export const notFound = (what: string, id: string, param?: string) =>
  new EngineError('resource_missing', `No such ${what}: '${id}'.`, param);

/**
 * An id in the request body names nothing the caller may use: `resource_missing` on that field,
 * but 400, not 404: the request is at fault, not its URL (as Stripe answers for a body reference).
 */
export const missingReference = (param: string, message: string) =>
  new EngineError('resource_missing', message, param, undefined, 400);
