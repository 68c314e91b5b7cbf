/**
 * Positive and behavioural tests of the guarded fetcher against local servers (127.0.0.1,
 * ephemeral ports). Names other than 127.0.0.1 go through the `lookup` override only.
 */
import type http from 'node:http';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { FetchError, type FetchResponse } from '../../../engine/ports';
import {
  createGuardedFetcher,
  DEFAULT_USER_AGENT,
  HostBackoffError,
  type GuardedFetcherOptions,
} from '../../../server/net/guarded-fetcher';
import { startServer, tableLookup, type TestServer } from './servers';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function server(handler: http.RequestListener): Promise<TestServer> {
  const s = await startServer(handler);
  cleanups.push(() => s.close());
  return s;
}

function fetcher(options: Partial<GuardedFetcherOptions> = {}) {
  const f = createGuardedFetcher({ mode: 'test', minIntervalMs: 0, ...options });
  cleanups.push(() => f.close());
  return f;
}

async function failureOf(promise: Promise<FetchResponse>): Promise<FetchError> {
  const outcome = await promise.then(
    (response) => response,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(FetchError);
  return outcome as FetchError;
}

const sameHostNames = tableLookup({ 'a.test': ['127.0.0.1'], 'b.test': ['127.0.0.1'] });

describe('guard placement and exemptions', () => {
  it('fetches an exempt origin in live mode, with honest headers', async () => {
    let seen: http.IncomingHttpHeaders = {};
    const s = await server((req, res) => {
      seen = req.headers;
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'X-Price': '1999' });
      res.end('<h1>ok</h1>');
    });
    const f = fetcher({ mode: 'live', allowOrigins: [`${s.origin}/`] });
    const response = await f.fetch({ url: `${s.origin}/products/1#reviews` });
    expect(response).toEqual({
      status: 200,
      url: `${s.origin}/products/1`,
      headers: expect.objectContaining({
        'content-type': 'text/html; charset=utf-8',
        'x-price': '1999',
      }),
      body: '<h1>ok</h1>',
    });
    expect(seen['user-agent']).toBe(DEFAULT_USER_AGENT);
    expect(seen['accept']).toBe('text/html,application/xhtml+xml');
  });

  it('refuses the same local server in live mode when its origin is not exempt', async () => {
    let hits = 0;
    const s = await server((_req, res) => {
      hits++;
      res.end('ok');
    });
    const f = fetcher({ mode: 'live', allowOrigins: ['http://127.0.0.1:1'] });
    expect((await failureOf(f.fetch({ url: `${s.origin}/` }))).failure).toBe('blocked_address');
    expect(hits).toBe(0);
  });

  it('reaches a private address in live mode with allowPrivateNetwork', async () => {
    const s = await server((_req, res) => res.end('private ok'));
    const f = fetcher({ mode: 'live', allowPrivateNetwork: true });
    expect((await f.fetch({ url: `${s.origin}/` })).body).toBe('private ok');
  });

  it('test mode does not apply the address guard', async () => {
    const s = await server((_req, res) => res.end('test ok'));
    const f = fetcher({ mode: 'test' });
    expect((await f.fetch({ url: `http://localhost:${s.port}/` })).body).toBe('test ok');
  });

  it('an exempt origin may not redirect to another local origin', async () => {
    let hits = 0;
    const target = await server((_req, res) => {
      hits++;
      res.end('inner');
    });
    const s = await server((_req, res) => {
      res.writeHead(302, { location: `${target.origin}/admin` });
      res.end();
    });
    const f = fetcher({ mode: 'live', allowOrigins: [s.origin] });
    expect((await failureOf(f.fetch({ url: `${s.origin}/` }))).failure).toBe('blocked_address');
    expect(hits).toBe(0);
  });
});

describe('URLs', () => {
  it.each([
    ['empty', ''],
    ['not a URL', 'not a url'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<h1>x</h1>'],
    ['credentials', 'http://user:secret@a.test/'],
    ['too long', `http://a.test/${'x'.repeat(2100)}`],
  ])('refuses %s with invalid_url', async (_name, url) => {
    const f = fetcher({ lookup: sameHostNames });
    expect((await failureOf(f.fetch({ url }))).failure).toBe('invalid_url');
  });

  it('maps a refused connection and an unknown name to network', async () => {
    const s = await server((_req, res) => res.end());
    const closedPort = s.port;
    await s.close();
    const f = fetcher({ lookup: sameHostNames });
    expect((await failureOf(f.fetch({ url: `http://127.0.0.1:${closedPort}/` }))).failure).toBe(
      'network',
    );
    expect((await failureOf(f.fetch({ url: 'http://nowhere.test/' }))).failure).toBe('network');
  });

  it('a closed fetcher refuses to fetch', async () => {
    const s = await server((_req, res) => res.end('x'));
    const f = createGuardedFetcher({ mode: 'test', minIntervalMs: 0 });
    expect((await f.fetch({ url: s.origin })).body).toBe('x');
    await f.close();
    expect((await failureOf(f.fetch({ url: s.origin }))).failure).toBe('network');
  });
});

describe('redirects', () => {
  async function chainServer() {
    const methods: string[] = [];
    const bodies: string[] = [];
    const s = await server((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        methods.push(req.method ?? '');
        bodies.push(body);
        const url = new URL(req.url ?? '/', 'http://x');
        const chain = /^\/chain\/(\d+)$/.exec(url.pathname);
        if (chain && Number(chain[1]) > 0) {
          res.writeHead(302, { location: `/chain/${Number(chain[1]) - 1}` });
          res.end('moving');
          return;
        }
        const status = /^\/status\/(\d+)$/.exec(url.pathname);
        if (status) {
          res.writeHead(Number(status[1]), { location: '/done' });
          res.end();
          return;
        }
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(`done ${url.pathname}`);
      });
    });
    return { s, methods, bodies };
  }

  it('follows 5 redirects and reports the final URL', async () => {
    const { s } = await chainServer();
    const f = fetcher({ mode: 'live', allowOrigins: [s.origin] });
    const response = await f.fetch({ url: `${s.origin}/chain/5` });
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${s.origin}/chain/0`);
    expect(response.body).toBe('done /chain/0');
  });

  it('fails on the 6th redirect with too_many_redirects', async () => {
    const { s, methods } = await chainServer();
    const f = fetcher({ mode: 'live', allowOrigins: [s.origin] });
    expect((await failureOf(f.fetch({ url: `${s.origin}/chain/6` }))).failure).toBe(
      'too_many_redirects',
    );
    expect(methods).toHaveLength(6);
  });

  it('honours maxRedirects', async () => {
    const { s } = await chainServer();
    const f = fetcher({ maxRedirects: 1 });
    expect((await f.fetch({ url: `${s.origin}/chain/1` })).status).toBe(200);
    expect((await failureOf(f.fetch({ url: `${s.origin}/chain/2` }))).failure).toBe(
      'too_many_redirects',
    );
  });

  it('303 turns POST into GET without a body; 307 and 308 keep both', async () => {
    const { s, methods, bodies } = await chainServer();
    const f = fetcher();
    const post = {
      method: 'POST' as const,
      body: 'a=1',
      headers: { 'content-type': 'text/plain' },
    };
    await f.fetch({ url: `${s.origin}/status/303`, ...post });
    await f.fetch({ url: `${s.origin}/status/307`, ...post });
    await f.fetch({ url: `${s.origin}/status/308`, ...post });
    await f.fetch({ url: `${s.origin}/status/302`, ...post });
    expect(methods).toEqual(['POST', 'GET', 'POST', 'POST', 'POST', 'POST', 'POST', 'GET']);
    expect(bodies).toEqual(['a=1', '', 'a=1', 'a=1', 'a=1', 'a=1', 'a=1', '']);
  });

  it('drops Authorization and Cookie when a redirect leaves the origin', async () => {
    let seen: http.IncomingHttpHeaders = {};
    const b = await server((req, res) => {
      seen = req.headers;
      res.end('b');
    });
    const a = await server((req, res) => {
      res.writeHead(302, { location: `http://b.test:${b.port}/` });
      res.end();
    });
    const f = fetcher({ lookup: sameHostNames });
    const response = await f.fetch({
      url: `http://a.test:${a.port}/`,
      headers: { authorization: 'Bearer x', cookie: 'c=1', 'if-none-match': '"v"' },
    });
    expect(response.body).toBe('b');
    expect(seen['authorization']).toBeUndefined();
    expect(seen['cookie']).toBeUndefined();
    expect(seen['if-none-match']).toBe('"v"');
  });

  it('returns a 3xx without Location as is', async () => {
    const s = await server((_req, res) => {
      res.writeHead(300);
      res.end('choices');
    });
    const response = await fetcher().fetch({ url: s.origin });
    expect(response).toMatchObject({ status: 300, body: 'choices' });
  });
});

describe('timeouts and size', () => {
  it('times out when the server never answers', async () => {
    const s = await server(() => undefined);
    const f = fetcher({ timeoutMs: 200 });
    const started = Date.now();
    const error = await failureOf(f.fetch({ url: s.origin }));
    expect(error.failure).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('times out when the body stalls after the headers (whole-request timeout)', async () => {
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html>');
    });
    const f = fetcher({ timeoutMs: 300 });
    expect((await failureOf(f.fetch({ url: s.origin }))).failure).toBe('timeout');
  });

  it('refuses a body whose Content-Length exceeds the cap', async () => {
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-length': '5000' });
      res.end('x'.repeat(5000));
    });
    const f = fetcher({ maxBytes: 1000 });
    expect((await failureOf(f.fetch({ url: s.origin }))).failure).toBe('too_large');
    const exact = fetcher({ maxBytes: 5000 });
    expect((await exact.fetch({ url: s.origin })).body).toHaveLength(5000);
  });

  it('stops reading a chunked body once it passes the cap', async () => {
    let written = 0;
    let closed = false;
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }); // no length: chunked
      const timer = setInterval(() => {
        res.write('y'.repeat(1024));
        written += 1024;
      }, 2);
      res.on('close', () => {
        closed = true;
        clearInterval(timer);
      });
    });
    const f = fetcher({ maxBytes: 20_000, timeoutMs: 5000 });
    const error = await failureOf(f.fetch({ url: s.origin }));
    expect(error.failure).toBe('too_large');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(true);
    expect(written).toBeLessThan(2_000_000);
  });

  it('decodes gzip and caps the decoded size (compression bomb)', async () => {
    const small = zlib.gzipSync(Buffer.from('<p>compressed</p>'));
    const bomb = zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024));
    const s = await server((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.end(req.url === '/bomb' ? bomb : small);
    });
    const f = fetcher({ maxBytes: 1024 * 1024 });
    expect((await f.fetch({ url: `${s.origin}/small` })).body).toBe('<p>compressed</p>');
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect((await failureOf(f.fetch({ url: `${s.origin}/bomb` }))).failure).toBe('too_large');
  });
});

describe('responses', () => {
  it('passes If-None-Match through and returns a 304 as is', async () => {
    const s = await server((req, res) => {
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304, { etag: '"v1"' });
        res.end();
        return;
      }
      res.writeHead(200, { etag: '"v1"' });
      res.end('fresh');
    });
    const f = fetcher();
    expect(await f.fetch({ url: s.origin })).toMatchObject({ status: 200, body: 'fresh' });
    const cached = await f.fetch({ url: s.origin, headers: { 'If-None-Match': '"v1"' } });
    expect(cached).toMatchObject({ status: 304, body: '', headers: { etag: '"v1"' } });
  });

  it('returns non-2xx statuses instead of throwing', async () => {
    const s = await server((req, res) => {
      res.writeHead(req.url === '/missing' ? 404 : 500);
      res.end('nope');
    });
    const f = fetcher();
    expect((await f.fetch({ url: `${s.origin}/missing` })).status).toBe(404);
    expect((await f.fetch({ url: `${s.origin}/boom` })).status).toBe(500);
  });

  it('HEAD returns the headers and an empty body', async () => {
    const s = await server((req, res) => {
      res.writeHead(200, {
        'content-type': 'text/html',
        'content-length': '5000',
        'x-method': req.method ?? '',
      });
      res.end(req.method === 'HEAD' ? undefined : 'x'.repeat(5000));
    });
    const response = await fetcher({ maxBytes: 100 }).fetch({ url: s.origin, method: 'HEAD' });
    expect(response).toMatchObject({ status: 200, body: '', headers: { 'x-method': 'HEAD' } });
  });

  it('does not let the caller replace the User-Agent or the Host', async () => {
    let seen: http.IncomingHttpHeaders = {};
    const s = await server((req, res) => {
      seen = req.headers;
      res.end();
    });
    await fetcher().fetch({
      url: s.origin,
      headers: { 'User-Agent': 'Mozilla/5.0', Host: 'evil.test', Accept: 'application/json' },
    });
    expect(seen['user-agent']).toBe(DEFAULT_USER_AGENT);
    expect(seen['host']).toBe(`127.0.0.1:${s.port}`);
    expect(seen['accept']).toBe('application/json');
  });

  it('stops when the caller aborts', async () => {
    const s = await server(() => undefined);
    const controller = new AbortController();
    const pending = fetcher().fetch({ url: s.origin, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await failureOf(pending)).failure).toBe('network');
  });
});

describe('charset decoding', () => {
  const cases: [string, string | undefined, number[], string][] = [
    ['utf-8 by default', 'text/html', [0x63, 0x61, 0x66, 0xc3, 0xa9], 'café'],
    [
      'iso-8859-1 from the header',
      'text/html; charset=ISO-8859-1',
      [0x63, 0x61, 0x66, 0xe9],
      'café',
    ],
    [
      'windows-1252 euro and quotes',
      'text/html; charset="windows-1252"',
      [0x80, 0x20, 0x93, 0x78, 0x94],
      '€ “x”',
    ],
    ['latin1 label means windows-1252', 'text/plain;charset=latin1', [0x80, 0x39], '€9'],
    [
      'utf-8 BOM wins over the header',
      'text/html; charset=iso-8859-1',
      [0xef, 0xbb, 0xbf, 0xc3, 0xa9],
      'é',
    ],
    ['unknown charset falls back to utf-8', 'text/html; charset=x-unknown', [0xc3, 0xa9], 'é'],
  ];
  it.each(cases)('%s', async (_name, contentType, bytes, expected) => {
    const s = await server((_req, res) => {
      res.writeHead(200, contentType ? { 'content-type': contentType } : {});
      res.end(Buffer.from(bytes));
    });
    expect((await fetcher().fetch({ url: s.origin })).body).toBe(expected);
  });

  it('uses <meta charset> when the header has none', async () => {
    const html = Buffer.concat([
      Buffer.from('<html><head><meta charset="windows-1252"></head><body>'),
      Buffer.from([0x80, 0x31, 0x30, 0xe9]),
      Buffer.from('</body></html>'),
    ]);
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(html);
    });
    expect((await fetcher().fetch({ url: s.origin })).body).toContain('€10é');
  });

  it('uses <meta http-equiv="Content-Type"> when the header has none', async () => {
    const html = Buffer.concat([
      Buffer.from(
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">',
      ),
      Buffer.from([0xe9]),
    ]);
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(html);
    });
    expect((await fetcher().fetch({ url: s.origin })).body).toMatch(/é$/);
  });
});

function fakeClock(start = Date.parse('2030-01-01T00:00:00Z')) {
  let t = start;
  const sleeps: number[] = [];
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
    sleep: async (ms: number) => {
      sleeps.push(ms);
      t += ms;
    },
    sleeps,
  };
}

describe('politeness', () => {
  async function limitedServer(first: { status: number; headers?: Record<string, string> }) {
    const hits: string[] = [];
    const s = await server((req, res) => {
      hits.push(req.url ?? '');
      if (hits.length === 1) {
        res.writeHead(first.status, first.headers ?? {});
        res.end('slow down');
        return;
      }
      res.end('ok');
    });
    return { s, hits };
  }

  it('429 with Retry-After seconds: host_backoff until then, OK after', async () => {
    const clock = fakeClock();
    const { s, hits } = await limitedServer({ status: 429, headers: { 'retry-after': '120' } });
    const f = fetcher({ now: clock.now, sleep: clock.sleep });
    expect((await f.fetch({ url: s.origin })).status).toBe(429);
    const error = await failureOf(f.fetch({ url: `${s.origin}/again` }));
    expect(error).toBeInstanceOf(HostBackoffError);
    expect(error).toMatchObject({ failure: 'host_backoff', retryAt: clock.now() + 120_000 });
    expect(error.message).toContain(new Date(clock.now() + 120_000).toISOString());
    expect(hits).toHaveLength(1);
    clock.advance(119_000);
    expect((await failureOf(f.fetch({ url: s.origin }))).failure).toBe('host_backoff');
    clock.advance(1_000);
    expect((await f.fetch({ url: `${s.origin}/later` })).body).toBe('ok');
    expect(hits).toEqual(['/', '/later']);
  });

  it('503 with an HTTP-date Retry-After', async () => {
    const clock = fakeClock();
    const until = new Date(clock.now() + 30_000).toUTCString();
    const { s } = await limitedServer({ status: 503, headers: { 'retry-after': until } });
    const f = fetcher({ now: clock.now, sleep: clock.sleep });
    expect((await f.fetch({ url: s.origin })).status).toBe(503);
    expect((await failureOf(f.fetch({ url: s.origin }))).failure).toBe('host_backoff');
    clock.advance(30_000);
    expect((await f.fetch({ url: s.origin })).status).toBe(200);
  });

  it('caps the backoff at one hour', async () => {
    const clock = fakeClock();
    const { s } = await limitedServer({ status: 429, headers: { 'retry-after': '864000' } });
    const f = fetcher({ now: clock.now, sleep: clock.sleep });
    await f.fetch({ url: s.origin });
    clock.advance(3_599_000);
    expect((await failureOf(f.fetch({ url: s.origin }))).failure).toBe('host_backoff');
    clock.advance(1_000);
    expect((await f.fetch({ url: s.origin })).status).toBe(200);
  });

  it('backs off only the host that asked, and not without Retry-After', async () => {
    const clock = fakeClock();
    const { s } = await limitedServer({ status: 429, headers: { 'retry-after': '60' } });
    const f = fetcher({ now: clock.now, sleep: clock.sleep, lookup: sameHostNames });
    await f.fetch({ url: `http://a.test:${s.port}/` });
    expect((await failureOf(f.fetch({ url: `http://a.test:${s.port}/` }))).failure).toBe(
      'host_backoff',
    );
    expect((await f.fetch({ url: `http://b.test:${s.port}/` })).status).toBe(200);

    const plain = await limitedServer({ status: 429 });
    const g = fetcher({ now: clock.now, sleep: clock.sleep });
    expect((await g.fetch({ url: plain.s.origin })).status).toBe(429);
    expect((await g.fetch({ url: plain.s.origin })).status).toBe(200);
  });

  async function concurrencyServer() {
    let inFlight = 0;
    let maxInFlight = 0;
    const s = await server((_req, res) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        res.end('done');
      }, 60);
    });
    return { s, max: () => maxInFlight };
  }

  it('never has two requests to the same host in flight', async () => {
    const { s, max } = await concurrencyServer();
    const f = fetcher({ lookup: sameHostNames });
    const url = `http://a.test:${s.port}/`;
    const results = await Promise.all([f.fetch({ url }), f.fetch({ url }), f.fetch({ url })]);
    expect(results.map((r) => r.body)).toEqual(['done', 'done', 'done']);
    expect(max()).toBe(1);
  });

  it('does overlap requests to different hosts (the measurement can see overlap)', async () => {
    const { s, max } = await concurrencyServer();
    const f = fetcher({ lookup: sameHostNames });
    await Promise.all([
      f.fetch({ url: `http://a.test:${s.port}/` }),
      f.fetch({ url: `http://b.test:${s.port}/` }),
    ]);
    expect(max()).toBe(2);
  });

  it('a request aborted while queued frees its place in the host queue', async () => {
    const { s, max } = await concurrencyServer();
    const f = fetcher({ lookup: sameHostNames });
    const url = `http://a.test:${s.port}/`;
    const controller = new AbortController();
    const first = f.fetch({ url });
    const second = f.fetch({ url, signal: controller.signal });
    const third = f.fetch({ url });
    controller.abort();
    expect((await failureOf(second)).failure).toBe('network');
    expect((await first).body).toBe('done');
    expect((await third).body).toBe('done');
    expect(max()).toBe(1);
  });

  it('waits minIntervalMs between request starts to the same host', async () => {
    const clock = fakeClock();
    const starts: number[] = [];
    const s = await server((_req, res) => {
      starts.push(clock.now());
      res.end('ok');
    });
    const f = fetcher({
      lookup: sameHostNames,
      minIntervalMs: 1000,
      now: clock.now,
      sleep: clock.sleep,
    });
    const a = `http://a.test:${s.port}/`;
    await Promise.all([f.fetch({ url: a }), f.fetch({ url: a })]);
    expect(clock.sleeps).toEqual([1000]);
    expect((starts[1] as number) - (starts[0] as number)).toBe(1000);

    clock.advance(400);
    await f.fetch({ url: a });
    expect(clock.sleeps).toEqual([1000, 600]);

    await f.fetch({ url: `http://b.test:${s.port}/` });
    expect(clock.sleeps).toEqual([1000, 600]);

    clock.advance(5000);
    await f.fetch({ url: a });
    expect(clock.sleeps).toEqual([1000, 600]);
  });
});

describe('timeout covers name resolution', () => {
  it('a lookup that never answers times out', async () => {
    const f = createGuardedFetcher({
      mode: 'live',
      minIntervalMs: 0,
      timeoutMs: 200,
      lookup: () => new Promise(() => undefined),
    });
    cleanups.push(() => f.close());
    expect((await failureOf(f.fetch({ url: 'http://hang.test/' }))).failure).toBe('timeout');
  });
});
