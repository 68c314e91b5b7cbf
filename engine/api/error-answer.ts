import { EngineError } from '../errors';
import { ERROR_HTTP } from './error-map';
import { JSON_TYPE } from './json-text';

/** What every failed request answers (CONTRACT §4): status, headers and the error body. */
export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: {
    error: { type: string; code: string; message: string; param?: string };
    request_id: string;
  };
}

/**
 * The answer to an error thrown while serving request `requestId`. An error that is not an
 * EngineError is reported through `onUnexpected` and answered as internal_error, its details
 * never sent.
 */
export function errorAnswer(
  requestId: string,
  error: unknown,
  onUnexpected?: (error: unknown, requestId: string) => void,
): ErrorAnswer {
  const known =
    error instanceof EngineError
      ? error
      : new EngineError(
          'internal_error',
          'Something went wrong on our side. Retry later; quote the request_id if it persists.',
        );
  if (!(error instanceof EngineError)) onUnexpected?.(error, requestId);
  const { type } = ERROR_HTTP[known.code];
  const headers: Record<string, string> = { 'X-Request-Id': requestId };
  const status = known.status ?? ERROR_HTTP[known.code].status;
  if (status === 401) headers['WWW-Authenticate'] = 'Bearer realm="intent-commerce"';
  if (known.retryAfter !== undefined) headers['Retry-After'] = String(known.retryAfter);
  return {
    status,
    headers,
    body: {
      error: {
        type,
        code: known.code,
        message: known.message,
        ...(known.param ? { param: known.param } : {}),
      },
      request_id: requestId,
    },
  };
}

/** errorAnswer as a Response, for a request answered without the router (its onError's twin). */
export function errorResponse(
  requestId: string,
  error: unknown,
  onUnexpected?: (error: unknown, requestId: string) => void,
): Response {
  const { status, headers, body } = errorAnswer(requestId, error, onUnexpected);
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...JSON_TYPE, ...headers },
  });
}
