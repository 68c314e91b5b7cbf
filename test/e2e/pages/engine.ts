import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { BrowserContext, Page } from '@playwright/test';

declare const chrome: typeof import('wxt/browser').browser;

/** Built-in engine, checking every second, buying from the given sandbox. */
export async function useBuiltInEngine(
  context: BrowserContext,
  extensionId: string,
  sandbox: string,
) {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  await page.evaluate(
    (url) =>
      chrome.runtime.sendMessage({
        type: 'settings.set',
        settings: { mode: 'builtin', sandbox_url: url, check_interval_seconds: 1 },
      }),
    sandbox,
  );
  return page;
}

/** Calls the engine's API the way the popup does, through the background. */
export async function api(page: Page, method: 'GET' | 'POST', path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const headers: Record<string, string> = {};
      if (body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['idempotency-key'] = crypto.randomUUID();
      }
      const answer = (await chrome.runtime.sendMessage({
        type: 'api',
        method,
        path,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })) as { status: number; body: string };
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- arbitrary JSON
      return { status: answer.status, body: JSON.parse(answer.body) as any };
    },
    { method, path, body },
  );
}

/**
 * A shop on 127.0.0.1 serving one fixture page of test/fixtures/pages at `path` (any query), its
 * own absolute links (`https://<original host>`) rewritten to this origin.
 */
export async function serveFixturePage(fixture: string, path: string, originalOrigin: RegExp) {
  let origin = '';
  const server: Server = createServer((req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    if ((req.url ?? '').split('?')[0] !== path) {
      res.statusCode = 404;
      return res.end('not found');
    }
    const html = readFileSync(`test/fixtures/pages/${fixture}`, 'utf8');
    res.end(html.replaceAll(originalOrigin, origin));
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const close = () =>
    new Promise<void>((done) => {
      server.closeAllConnections(); // the browser keeps connections alive
      server.close(() => done());
    });
  return { origin, url: `${origin}${path}`, close };
}
