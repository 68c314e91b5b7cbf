import type { ErrorCode } from '../errors';

type ErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'idempotency_error'
  | 'rate_limit_error'
  | 'api_error';

/** The one place where engine error codes become HTTP (CONTRACT §4). */
export const ERROR_HTTP: Record<ErrorCode, { status: number; type: ErrorType }> = {
  parameter_missing: { status: 400, type: 'invalid_request_error' },
  parameter_invalid: { status: 400, type: 'invalid_request_error' },
  parameter_unknown: { status: 400, type: 'invalid_request_error' },
  unsupported_intent_type: { status: 400, type: 'invalid_request_error' },
  invalid_json: { status: 400, type: 'invalid_request_error' },
  idempotency_key_invalid: { status: 400, type: 'invalid_request_error' },
  incorrect_code: { status: 400, type: 'invalid_request_error' },
  authentication_required: { status: 401, type: 'authentication_error' },
  invalid_api_key: { status: 401, type: 'authentication_error' },
  permission_denied: { status: 403, type: 'invalid_request_error' },
  resource_missing: { status: 404, type: 'invalid_request_error' },
  receipt_not_available: { status: 404, type: 'invalid_request_error' },
  intent_not_resumable: { status: 409, type: 'invalid_request_error' },
  intent_not_cancelable: { status: 409, type: 'invalid_request_error' },
  idempotency_in_flight: { status: 409, type: 'invalid_request_error' },
  body_too_large: { status: 413, type: 'invalid_request_error' },
  unsupported_media_type: { status: 415, type: 'invalid_request_error' },
  idempotency_conflict: { status: 422, type: 'idempotency_error' },
  rate_limited: { status: 429, type: 'rate_limit_error' },
  internal_error: { status: 500, type: 'api_error' },
  service_unavailable: { status: 503, type: 'api_error' },
};
