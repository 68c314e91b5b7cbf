/**
 * The Node adapter of the `Fetcher` port (CONTRACT §15): product pages are fetched with a
 * timeout, a size cap, at most `maxRedirects` redirects each re-checked, and — in live mode —
 * never from private, loopback, link-local or metadata addresses.
 *
 * The address guard lives in the connection layer (./connect-guard.ts): every socket goes
 * through an undici Agent whose connector checks the address actually connected to. The checks
 * made here before a request (URL scheme, credentials, literal IPs, localhost names, a resolution
 * of the name) only fail earlier with a clearer message; they are not what the guard relies on.
 *
 * Modes: the address guard applies in `live` mode unless `allowPrivateNetwork` is set, and never
 * to the exact origins in `allowOrigins`. In `test` mode it is off (test keys only fetch the
 * sandbox merchant and local fixtures). Scheme, credential, redirect, timeout, size and
 * politeness rules apply in every mode.
 */
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { request, type Dispatcher } from 'undici';
import {
  FetchError,
  parseIpLiteral,
  readCapped,
  readPrefix,
  type FetchFailure,
  type FetchRequest,
  type FetchResponse,
  type Fetcher,
} from '../../engine/index';
import { decodeBody } from './charset';
import {
  checkHostLiteral,
  createGuardedAgent,
  isBlockedAddressError,
  resolveChecked,
  systemResolver,
  type Resolver,
} from './connect-guard';
import { abortable, Politeness } from './politeness';

export { HostBackoffError } from './politeness';
export { BlockedAddressError } from './connect-guard';

export interface GuardedFetcherOptions {
  /** In live mode private addresses are refused. */
  mode: 'live' | 'test';
  /** --allow-private-network: disables the address guard. */
  allowPrivateNetwork?: boolean;
  /** Exact origins exempt from the guard, e.g. the sandbox merchant 'http://127.0.0.1:8081'. */
  allowOrigins?: string[];
  /** Whole request incl. redirects and body, default 10_000. */
  timeoutMs?: number;
  /** Response body cap (decoded bytes), default 2 MiB -> FetchError('too_large'). */
  maxBytes?: number;
  /** Default 5; each hop re-checked (scheme, origin exemption, address). */
  maxRedirects?: number;
  userAgent?: string;
  /** Per host, between request starts; default 1000. */
  minIntervalMs?: number;
  /**
   * false: no per-host pacing (one request at a time, minimum interval, Retry-After backoff).
   * For webhook deliveries, whose dispatcher paces each endpoint itself.
   */
  politeness?: boolean;
  /** Sockets per origin; default 4 (webhook deliveries use one per delivery in flight). */
  connectionsPerOrigin?: number;
  /** DNS override for tests; default dns.promises.lookup(all). */
  lookup?: (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export const DEFAULT_USER_AGENT =
  'IntentCommerceBot/0.1 (+https://github.com/intent-commerce; price monitor)';
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 5;
const DEFAULT_MIN_INTERVAL_MS = 1000;
export const MAX_URL_LENGTH = 2048;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Headers a caller may not set: we own the connection, the framing and the identity. */
const DROPPED_REQUEST_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'content-length',
  'expect',
  'user-agent',
  'accept-encoding',
  'proxy-authorization',
]);

/** Dropped when a redirect leaves the origin. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie'];

/** Destroys a stream without letting its late 'error' event go unhandled. */
function discard(stream: Readable): void {
  stream.on('error', () => undefined);
  stream.destroy();
}

const fail = (failure: FetchFailure, message: string): FetchError =>
  new FetchError(failure, message);

function parseTarget(raw: string, base?: URL): URL {
  if (typeof raw !== 'string' || raw.length === 0) throw fail('invalid_url', 'URL is empty');
  if (raw.length > MAX_URL_LENGTH) {
    throw fail('invalid_url', `URL is longer than ${MAX_URL_LENGTH} characters`);
  }
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw fail('invalid_url', 'not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw fail('invalid_url', `only http and https URLs can be fetched, not ${url.protocol}`);
  }
  if (url.username !== '' || url.password !== '') {
    throw fail('invalid_url', 'URLs with credentials are not fetched');
  }
  if (url.href.length > MAX_URL_LENGTH) {
    throw fail('invalid_url', `URL is longer than ${MAX_URL_LENGTH} characters`);
  }
  url.hash = '';
  return url;
}

function normaliseOrigin(origin: string): string {
  const url = new URL(origin);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`allowOrigins: ${origin} is not an http(s) origin`);
  }
  return url.origin;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : value;
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>) {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const text = headerValue(value);
    if (text !== undefined) out[name.toLowerCase()] = text;
  }
  return out;
}

function decoderFor(
  encoding: string | undefined,
): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  const value = (encoding ?? '').trim().toLowerCase();
  if (value === '' || value === 'identity') return null;
  if (value === 'gzip' || value === 'x-gzip') return zlib.createGunzip();
  if (value === 'deflate') return zlib.createInflate();
  if (value === 'br') return zlib.createBrotliDecompress();
  throw fail('network', `unsupported content-encoding ${value}`);
}

/** The body, decompressed and read up to `maxBytes` decoded bytes. */
async function readDecoded(
  body: Dispatcher.ResponseData['body'],
  contentEncoding: string | undefined,
  maxBytes: number,
  host: string,
): Promise<Uint8Array> {
  let source: Readable = body;
  const decoder = decoderFor(contentEncoding);
  if (decoder) {
    source = decoder;
    pipeline(body, decoder, () => {
      // errors surface through the iteration of `decoder`
    });
  }
  try {
    return await readCapped(source, maxBytes, () =>
      fail('too_large', `response from ${host} is larger than ${maxBytes} bytes`),
    );
  } catch (error) {
    discard(source);
    discard(body);
    throw error;
  }
}

function redirectMethod(status: number, method: string): { method: string; keepBody: boolean } {
  if (status === 307 || status === 308) return { method, keepBody: true };
  if (status === 303) return { method: method === 'HEAD' ? 'HEAD' : 'GET', keepBody: false };
  // 301/302: browsers turn POST into GET; other methods are kept.
  if (method === 'POST') return { method: 'GET', keepBody: false };
  return { method, keepBody: true };
}

export function createGuardedFetcher(
  options: GuardedFetcherOptions,
): Fetcher & { close(): Promise<void> } {
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const now = options.now ?? (() => Date.now());
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const resolve: Resolver = options.lookup ?? systemResolver;
  const guard = options.mode === 'live' && options.allowPrivateNetwork !== true;
  const exempt = new Set((options.allowOrigins ?? []).map(normaliseOrigin));
  const isExemptOrigin = (origin: string) => exempt.has(origin);

  const agent = createGuardedAgent({
    guard,
    isExemptOrigin,
    resolve,
    connectTimeoutMs: defaultTimeoutMs,
    headersTimeoutMs: defaultTimeoutMs,
    bodyTimeoutMs: defaultTimeoutMs,
    ...(options.connectionsPerOrigin ? { connections: options.connectionsPerOrigin } : {}),
  });
  const politeness = new Politeness({
    minIntervalMs: options.minIntervalMs ?? DEFAULT_MIN_INTERVAL_MS,
    now,
    sleep,
  });
  const paced = options.politeness !== false;
  let closed = false;

  /** Early refusal, before queueing: scheme/credentials are checked by parseTarget. */
  function precheckLiteral(url: URL): void {
    if (!guard || isExemptOrigin(url.origin)) return;
    checkHostLiteral(url.hostname);
  }

  /** Early refusal of names resolving to blocked addresses; the connector checks again. */
  async function precheckName(url: URL): Promise<void> {
    if (!guard || isExemptOrigin(url.origin)) return;
    if (parseIpLiteral(url.hostname)) return;
    await resolveChecked(url.hostname, resolve);
  }

  async function fetch(req: FetchRequest): Promise<FetchResponse> {
    if (closed) throw fail('network', 'fetcher is closed');
    const timeoutMs = req.timeoutMs ?? defaultTimeoutMs;
    let url = parseTarget(req.url);
    let method: string = req.method ?? 'GET';
    let body = req.body;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers ?? {})) {
      const lower = name.toLowerCase();
      if (!DROPPED_REQUEST_HEADERS.has(lower)) headers[lower] = value;
    }
    headers['user-agent'] = userAgent;
    headers['accept'] ??= 'text/html,application/xhtml+xml';
    headers['accept-encoding'] = 'gzip, deflate, br';

    const controller = new AbortController();
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const onCallerAbort = () => controller.abort(req.signal?.reason);
    if (req.signal?.aborted) throw fail('network', 'request aborted by the caller');
    req.signal?.addEventListener('abort', onCallerAbort, { once: true });

    const classify = (error: unknown): FetchError => {
      if (timedOut) return fail('timeout', `fetching ${url.host} took longer than ${timeoutMs} ms`);
      if (error instanceof FetchError) return error;
      if (isBlockedAddressError(error)) {
        return fail('blocked_address', `refusing to fetch ${url.host}: not a public address`);
      }
      if (req.signal?.aborted) return fail('network', 'request aborted by the caller');
      const code = (error as { code?: unknown } | null)?.code;
      const detail = typeof code === 'string' ? code : 'connection failed';
      return fail('network', `could not fetch ${url.host}: ${detail}`);
    };

    try {
      for (let hop = 0; ; hop++) {
        precheckLiteral(url);
        const release = paced
          ? await politeness.acquire(url.hostname, controller.signal)
          : () => {};
        try {
          timer ??= setTimeout(() => {
            timedOut = true;
            controller.abort(new Error('timeout'));
          }, timeoutMs);
          await abortable(precheckName(url), controller.signal);
          const response = await request(url, {
            dispatcher: agent,
            method: method as Dispatcher.HttpMethod,
            headers,
            body: body ?? null,
            signal: controller.signal,
          });
          const responseHeaders = flattenHeaders(response.headers);
          if (paced) {
            politeness.noteResponse(
              url.hostname,
              response.statusCode,
              responseHeaders['retry-after'],
            );
          }

          const location = responseHeaders['location'];
          const follow = req.redirect !== 'manual';
          if (follow && REDIRECT_STATUSES.has(response.statusCode) && location !== undefined) {
            await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
            if (hop >= maxRedirects) {
              throw fail(
                'too_many_redirects',
                `more than ${maxRedirects} redirects from ${req.url}`,
              );
            }
            const next = parseTarget(location, url);
            if (next.origin !== url.origin) {
              for (const name of CREDENTIAL_HEADERS) delete headers[name];
            }
            const rewrite = redirectMethod(response.statusCode, method);
            method = rewrite.method;
            if (!rewrite.keepBody) {
              body = undefined;
              delete headers['content-type'];
            }
            url = next;
            continue;
          }

          let bytes: Uint8Array = new Uint8Array(0);
          if (method === 'HEAD') {
            await response.body.dump().catch(() => undefined);
          } else if (req.readAtMost !== undefined) {
            bytes = await readPrefix(response.body, req.readAtMost);
            discard(response.body);
          } else {
            const declared = Number(responseHeaders['content-length']);
            if (Number.isFinite(declared) && declared > maxBytes) {
              discard(response.body);
              throw fail('too_large', `response from ${url.host} is larger than ${maxBytes} bytes`);
            }
            bytes = await readDecoded(
              response.body,
              responseHeaders['content-encoding'],
              maxBytes,
              url.host,
            );
          }
          return {
            status: response.statusCode,
            url: url.href,
            headers: responseHeaders,
            body: decodeBody(bytes, responseHeaders['content-type']),
          };
        } finally {
          release();
        }
      }
    } catch (error) {
      throw classify(error);
    } finally {
      if (timer) clearTimeout(timer);
      req.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  return {
    fetch,
    async close() {
      closed = true;
      await agent.close();
    },
  };
}
