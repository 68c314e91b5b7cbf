import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';

export interface PageState {
  name: string;
  price_cents: number;
  currency: string;
  /** schema.org availability word, e.g. InStock, OutOfStock, PreOrder. */
  availability: string;
  /** Answer with this status instead of the page. */
  status?: number;
  retryAfter?: string;
  /** Serve a robot-check page instead of the product. */
  captcha?: boolean;
  /** Send no ETag (many shops do not), so every check downloads the page. */
  noValidators?: boolean;
}

const productPage = (id: string, state: PageState, origin: string) => `<!doctype html>
<html><head><title>${state.name}</title>
<link rel="canonical" href="${origin}/p/${id}">
<script type="application/ld+json">${JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: state.name,
  sku: id,
  offers: {
    '@type': 'Offer',
    price: (state.price_cents / 100).toFixed(2),
    priceCurrency: state.currency,
    availability: `https://schema.org/${state.availability}`,
  },
})}</script></head>
<body><h1>${state.name}</h1><p class="price">${state.currency} ${(state.price_cents / 100).toFixed(2)}</p></body></html>`;

const CAPTCHA = `<!doctype html><html><head><title>Robot Check</title></head><body>
<p>Enter the characters you see below. Sorry, we just need to make sure you're not a robot.</p>
<form action="/errors/validateCaptcha"><input name="field-keywords"></form></body></html>`;

/** A shop on 127.0.0.1 whose pages tests change at will; counts requests per page. */
export async function startPageServer() {
  const pages = new Map<string, PageState>();
  const hits = new Map<string, number>();
  let origin = '';
  const server: Server = createServer((req, res) => {
    const id = req.url?.match(/^\/p\/([\w-]+)/)?.[1];
    const state = id ? pages.get(id) : undefined;
    if (id) hits.set(id, (hits.get(id) ?? 0) + 1);
    if (!id || !state) {
      res.writeHead(404).end('not found');
      return;
    }
    if (state.status) {
      res
        .writeHead(state.status, state.retryAfter ? { 'Retry-After': state.retryAfter } : {})
        .end('unavailable');
      return;
    }
    const body = state.captcha ? CAPTCHA : productPage(id, state, origin);
    const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { ETag: etag }).end();
      return;
    }
    res
      .writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        ...(state.noValidators ? {} : { ETag: etag }),
      })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    origin,
    url: (id: string) => `${origin}/p/${id}`,
    set(id: string, state: Partial<PageState>) {
      pages.set(id, {
        name: id,
        price_cents: 1000,
        currency: 'USD',
        availability: 'InStock',
        ...pages.get(id),
        ...state,
      });
    },
    hits: (id: string) => hits.get(id) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections(); // a browser keeps its connections alive
        server.close(() => resolve());
      }),
  };
}
