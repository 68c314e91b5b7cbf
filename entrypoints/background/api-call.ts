import type { ApiCall, ApiReply } from '../../components/messages';
import type { EngineHost } from './host';
import { loadRemoteApiKey, loadSettings } from './settings';

/** Headers a page may set on an API call; everything else (Authorization first of all) is ours. */
const PAGE_HEADERS = new Set(['content-type', 'idempotency-key', 'accept']);
/** The engine's own origin for in-process requests; never resolved. */
const ENGINE_ORIGIN = 'https://engine.local';
const REMOTE_TIMEOUT_MS = 30_000;

export interface ApiCaller {
  (call: ApiCall): Promise<ApiReply>;
}

/** An ApiReply in the API's error shape, for failures that happen before any engine answers. */
function errorReply(status: number, code: string, message: string): ApiReply {
  return {
    status,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ error: { type: 'api_error', code, message }, request_id: null }),
  };
}

function requestInit(call: ApiCall, key: string): RequestInit {
  const headers = new Headers();
  for (const [name, value] of Object.entries(call.headers)) {
    if (PAGE_HEADERS.has(name.toLowerCase())) headers.set(name, value);
  }
  headers.set('Authorization', `Bearer ${key}`);
  return {
    method: call.method,
    headers,
    ...(call.body !== undefined && call.method !== 'GET' ? { body: call.body } : {}),
  };
}

async function toReply(response: Response): Promise<ApiReply> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
  return { status: response.status, headers, body: await response.text() };
}

/**
 * Carries a page's API call to the configured engine with the credentials only the background
 * holds: in built-in mode the local engine's fetch handler with the local key, in remote mode the
 * server at `remote_base_url` with the stored remote key.
 */
export function createApiCaller(
  host: EngineHost,
  remoteFetch: (url: string, init: RequestInit) => Promise<Response> = (url, init) =>
    fetch(url, init),
): ApiCaller {
  return async (call) => {
    const settings = await loadSettings();
    if (settings.mode === 'builtin') {
      try {
        return await host.use(async ({ engine, key }) =>
          toReply(
            await engine.fetch(new Request(ENGINE_ORIGIN + call.path, requestInit(call, key))),
          ),
        );
      } catch (error) {
        return errorReply(
          503,
          'engine_unavailable',
          `The built-in engine could not answer (${(error as Error).message}). Retry; if it persists, reload the extension.`,
        );
      }
    }
    const key = await loadRemoteApiKey();
    if (!settings.remote_base_url || !key) {
      return errorReply(
        503,
        'engine_not_configured',
        'Remote mode needs the server URL and an API key: set them in the options, or switch back to the built-in engine.',
      );
    }
    try {
      const response = await remoteFetch(settings.remote_base_url + call.path, {
        ...requestInit(call, key),
        signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS),
      });
      return await toReply(response);
    } catch (error) {
      return errorReply(
        503,
        'engine_unreachable',
        `The server at ${settings.remote_base_url} did not answer (${(error as Error).message}). Check the URL in the options and that the server runs.`,
      );
    }
  };
}
