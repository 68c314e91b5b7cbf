import { describe, expect, it, vi } from 'vitest';
import { createBrowserFetcher, decodeBody } from '../../../engine/adapters/browser-fetcher';
import { FetchError } from '../../../engine/index';

type Init = RequestInit & { headers: Record<string, string> };

function stub(respond: (url: string, init: Init) => Response | Promise<Response>) {
  return vi.fn(async (url: string, init: RequestInit) => respond(url, init as Init));
}

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(FetchError);
  return (error as FetchError).failure;
};

describe('browser fetcher (Fetcher port on global fetch)', () => {
  it('passes conditional headers through and reports status, lower-case headers and the final URL', async () => {
    const fetch = stub(() => {
      const response = new Response(null, {
        status: 304,
        headers: { ETag: '"v2"', 'Last-Modified': 'Tue, 01 Jul 2025 10:00:00 GMT' },
      });
      Object.defineProperty(response, 'url', { value: 'https://shop.example.com/p/1?final' });
      return response;
    });
    const fetcher = createBrowserFetcher({ fetch });
    const response = await fetcher.fetch({
      url: 'https://shop.example.com/p/1#reviews',
      headers: { 'If-None-Match': '"v1"', 'If-Modified-Since': 'Mon, 30 Jun 2025 10:00:00 GMT' },
    });
    expect(response).toMatchObject({
      status: 304,
      url: 'https://shop.example.com/p/1?final',
      headers: { etag: '"v2"', 'last-modified': 'Tue, 01 Jul 2025 10:00:00 GMT' },
      body: '',
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://shop.example.com/p/1');
    expect(init).toMatchObject({
      method: 'GET',
      cache: 'no-store',
      credentials: 'omit',
      headers: { 'If-None-Match': '"v1"' },
    });
  });

  it('sends the body of merchant calls', async () => {
    const fetch = stub(() => new Response('{"id":"cs_1"}', { status: 201 }));
    const fetcher = createBrowserFetcher({ fetch });
    const response = await fetcher.fetch({
      url: 'http://127.0.0.1:8081/checkout_sessions',
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'k1' },
      body: '{"items":[]}',
    });
    expect(response.body).toBe('{"id":"cs_1"}');
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'POST', body: '{"items":[]}' });
  });

  it('stops reading a body past the cap (too_large), declared or streamed', async () => {
    const declared = createBrowserFetcher({
      maxBytes: 10,
      fetch: stub(() => new Response('x'.repeat(5), { headers: { 'content-length': '100' } })),
    });
    expect(await failure(declared.fetch({ url: 'https://a.example/' }))).toBe('too_large');

    const pulled: number[] = [];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled.push(1);
        controller.enqueue(new Uint8Array(8));
        if (pulled.length > 100) controller.close();
      },
    });
    const streamed = createBrowserFetcher({
      maxBytes: 20,
      fetch: stub(() => new Response(stream)),
    });
    expect(await failure(streamed.fetch({ url: 'https://a.example/' }))).toBe('too_large');
    expect(pulled.length).toBeLessThan(10);
  });

  it('gives up after the timeout (timeout) and reports other failures as network', async () => {
    const hanging = createBrowserFetcher({
      timeoutMs: 20,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal!.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          ),
        ),
    });
    expect(await failure(hanging.fetch({ url: 'https://slow.example/' }))).toBe('timeout');

    const down = createBrowserFetcher({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await failure(down.fetch({ url: 'https://down.example/' }))).toBe('network');
  });

  it.each([
    ['not a URL', 'shop'],
    ['another scheme', 'ftp://shop.example.com/p'],
    ['credentials', 'https://user:pw@shop.example.com/p'],
  ])('refuses %s (invalid_url) without fetching', async (_what, url) => {
    const fetch = stub(() => new Response(''));
    expect(await failure(createBrowserFetcher({ fetch }).fetch({ url }))).toBe('invalid_url');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('decodes by BOM, Content-Type charset, then <meta charset>', () => {
    const latin = new Uint8Array([0x43, 0x61, 0x66, 0xe9]); // "Café" in windows-1252
    expect(decodeBody(latin, 'text/html; charset=windows-1252')).toBe('Café');
    expect(decodeBody(latin, 'text/html; charset=utf-8')).toBe('Caf\uFFFD');
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('€')]);
    expect(decodeBody(bom, 'text/html; charset=windows-1252')).toBe('€');
    const meta = new TextEncoder().encode('<meta charset="iso-8859-1">');
    expect(decodeBody(new Uint8Array([...meta, 0xe9]), 'text/html')).toBe(
      '<meta charset="iso-8859-1">é',
    );
    expect(decodeBody(new TextEncoder().encode('€'), undefined)).toBe('€');
  });
});
