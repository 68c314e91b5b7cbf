import { browser } from 'wxt/browser';
import type { ApiCall, ApiReply } from '../messages';

/** A `fetch`-compatible function (what ky's `fetch` option takes). */
export type FetchLike = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

const METHODS = new Set<string>(['GET', 'POST', 'DELETE']);
/** Statuses whose Response may not have a body. */
const NULL_BODY = new Set([101, 204, 205, 304]);

function isApiReply(reply: unknown): reply is ApiReply {
  if (typeof reply !== 'object' || reply === null) return false;
  const { status, headers, body } = reply as Partial<ApiReply>;
  return (
    typeof status === 'number' &&
    typeof body === 'string' &&
    typeof headers === 'object' &&
    headers !== null
  );
}

function refusalOf(reply: unknown): string | null {
  const error = (reply as { error?: { message?: unknown } } | null)?.error;
  return typeof error?.message === 'string' ? error.message : null;
}

function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * `fetch` for extension pages: the request becomes an `ApiCall` message to the background, which
 * adds the credentials and calls the configured engine; its `ApiReply` becomes a Response. Only
 * the path and query of the URL matter (`/v1/...`); the origin is ignored. Network-level failures
 * (no background, refused message) reject with a TypeError, as fetch does.
 */
export const backgroundFetch: FetchLike = async (input, init) => {
  const request = new Request(input, init);
  const method = request.method.toUpperCase();
  const url = new URL(request.url);
  if (!METHODS.has(method)) throw new TypeError(`The v1 API has no ${method} calls.`);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => (headers[name] = value));
  const body = method === 'GET' ? '' : await request.text();
  const call: ApiCall = {
    type: 'api',
    method: method as ApiCall['method'],
    path: url.pathname + url.search,
    headers,
    ...(body ? { body } : {}),
  };
  const reply: unknown = await abortable(browser.runtime.sendMessage(call), request.signal);
  if (!isApiReply(reply)) {
    throw new TypeError(
      refusalOf(reply) ?? 'The extension background did not answer. Reload the extension.',
    );
  }
  return new Response(NULL_BODY.has(reply.status) ? null : reply.body, {
    status: reply.status,
    headers: reply.headers,
  });
};
