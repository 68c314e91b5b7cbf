/** The error body every v1 response carries on failure (CONTRACT §4). */
export interface ApiErrorBody {
  error: { type: string; code: string; message: string; param?: string };
  request_id: string | null;
}

/**
 * Any failed v1 call: a non-2xx answer, with the fields of the API's error body, or no answer at
 * all (`status` 0, code `engine_unreachable`). `message` is written for people: show it as is.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param?: string,
    readonly requestId?: string,
    readonly type: string = 'api_error',
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** From a non-2xx response's parsed body (anything: the body may not be the API's). */
  static fromResponse(status: number, body: unknown): ApiError {
    const parsed = isErrorBody(body) ? body : null;
    if (!parsed) {
      // Not our API's error shape: most often a wrong server address (a web page, a proxy).
      return new ApiError(
        status,
        `http_${status}`,
        `The engine answered HTTP ${status} without an API error. If this persists, check the server address in the options.`,
      );
    }
    const { error } = parsed;
    return new ApiError(
      status,
      error.code,
      error.message,
      error.param,
      parsed.request_id ?? undefined,
      error.type,
    );
  }

  /** A successful answer that is not our API's JSON: the address points at something else. */
  static notAnApi(status: number): ApiError {
    return new ApiError(
      status,
      'not_an_api',
      `The server answered HTTP ${status}, but not as an Intent Commerce API. Check the server address in the options.`,
    );
  }

  /** The call never got an answer (background gone, network down, timeout). */
  static unreachable(cause: unknown): ApiError {
    const detail = cause instanceof Error ? cause.message : String(cause);
    const error = new ApiError(
      0,
      'engine_unreachable',
      `The engine did not answer (${detail}). Reload the extension or check the settings, then retry.`,
    );
    error.cause = cause;
    return error;
  }
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}
