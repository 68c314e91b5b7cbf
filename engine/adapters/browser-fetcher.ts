/**
 * The `Fetcher` port on the web-standard global `fetch`, for the extension's background (and any
 * runtime with fetch and ReadableStream). What the browser does for us: redirects (followed, the
 * final URL is reported), decompression, TLS. What is done here: scheme and credential checks,
 * a timeout over the whole request, a cap on the body read from the stream, charset decoding,
 * lower-case headers, and FetchError failures of the port.
 *
 * Unlike the Node adapter there is no address guard: the built-in engine runs test mode only, and
 * the browser itself limits the origins to the host permissions the user granted.
 */
import {
  FetchError,
  type FetchFailure,
  type FetchRequest,
  type FetchResponse,
  type Fetcher,
} from '../ports';
import { readCapped, readPrefix } from '../util/read-capped';

export interface BrowserFetcherOptions {
  /** Whole request including the body, default 10_000. */
  timeoutMs?: number;
  /** Cap on the body bytes read, default 2 MiB -> FetchError('too_large'). */
  maxBytes?: number;
  /** Default: the global fetch, looked up at each call. */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
}

const BROWSER_FETCH_TIMEOUT_MS = 10_000;
const BROWSER_FETCH_MAX_BYTES = 2 * 1024 * 1024;
const MAX_URL_LENGTH = 2048;

const fail = (failure: FetchFailure, message: string) => new FetchError(failure, message);

function checkUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw fail('invalid_url', 'not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw fail('invalid_url', `only http and https URLs can be fetched, not ${url.protocol}`);
  if (url.username || url.password)
    throw fail('invalid_url', 'URLs with credentials are not fetched');
  if (url.href.length > MAX_URL_LENGTH)
    throw fail('invalid_url', `URL is longer than ${MAX_URL_LENGTH} characters`);
  url.hash = '';
  return url;
}

/** Reads the body stream, giving up as soon as it passes `maxBytes` (or says it will). */
async function readBody(response: Response, maxBytes: number, host: string): Promise<Uint8Array> {
  const tooLarge = () =>
    fail('too_large', `response from ${host} is larger than ${maxBytes} bytes`);
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array(0);
  return readCapped(response.body, maxBytes, tooLarge);
}

function encodingOf(label: string | undefined): string | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return undefined;
  }
}

/** BOM, then the Content-Type charset, then (HTML) a `<meta charset>` in the first 1024 bytes, then UTF-8. */
export function decodeBody(bytes: Uint8Array, contentType: string | undefined): string {
  let encoding: string | undefined;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) encoding = 'utf-8';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) encoding = 'utf-16be';
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) encoding = 'utf-16le';
  encoding ??= encodingOf(/;\s*charset\s*=\s*("?)([^";\s]+)\1/i.exec(contentType ?? '')?.[2]);
  if (!encoding && (!contentType || /html|xml/i.test(contentType))) {
    const head = new TextDecoder('windows-1252').decode(bytes.subarray(0, 1024));
    const meta = /<meta\b[^>]*\bcharset\s*=\s*["']?\s*([^"'\s/>;]+)/i.exec(head)?.[1];
    encoding = encodingOf(meta);
    if (encoding === 'utf-16le' || encoding === 'utf-16be') encoding = 'utf-8';
  }
  return new TextDecoder(encoding ?? 'utf-8').decode(bytes);
}

export function createBrowserFetcher(options: BrowserFetcherOptions = {}): Fetcher {
  const timeoutMs = options.timeoutMs ?? BROWSER_FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? BROWSER_FETCH_MAX_BYTES;

  return {
    async fetch(request: FetchRequest): Promise<FetchResponse> {
      const url = checkUrl(request.url);
      const timeout = new AbortController();
      const limitMs = request.timeoutMs ?? timeoutMs;
      const timer = setTimeout(() => timeout.abort(), limitMs);
      const signals = [timeout.signal, ...(request.signal ? [request.signal] : [])];
      const signal = signals.length > 1 ? AbortSignal.any(signals) : timeout.signal;
      const method = request.method ?? 'GET';
      try {
        const response = await (options.fetch ?? globalThis.fetch)(url.href, {
          method,
          // Conditional headers (If-None-Match / If-Modified-Since) pass through as given; with
          // `no-store` the HTTP cache neither answers nor revalidates for us, so a 304 reaches the caller.
          headers: request.headers ?? {},
          ...(request.body !== undefined && method !== 'GET' && method !== 'HEAD'
            ? { body: request.body }
            : {}),
          cache: 'no-store',
          credentials: 'omit',
          redirect: request.redirect ?? 'follow',
          signal,
        });
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
        const bytes =
          request.readAtMost !== undefined
            ? response.body
              ? await readPrefix(response.body, request.readAtMost)
              : new Uint8Array(0)
            : await readBody(response, maxBytes, url.host);
        return {
          status: response.status,
          url: response.url || url.href,
          headers,
          body: decodeBody(bytes, headers['content-type']),
        };
      } catch (error) {
        if (error instanceof FetchError) throw error;
        if (timeout.signal.aborted)
          throw fail('timeout', `${url.host} did not answer within ${limitMs} ms`);
        if (request.signal?.aborted) throw fail('network', 'the request was aborted');
        throw fail('network', `${url.host} could not be reached (${(error as Error).message})`);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
