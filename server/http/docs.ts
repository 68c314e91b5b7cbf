import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const ASSETS = dirname(require.resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>Intent Commerce API reference</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css" />
</head>
<body>
  <div id="reference"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/v1/openapi.json', dom_id: '#reference', deepLinking: true, persistAuthorization: true, tryItOutEnabled: true });`;

const FILES: Record<string, { type: string; read: () => string }> = {
  '/docs': { type: 'text/html; charset=utf-8', read: () => PAGE },
  '/docs/init.js': { type: 'text/javascript; charset=utf-8', read: () => INIT },
  '/docs/assets/swagger-ui.css': {
    type: 'text/css; charset=utf-8',
    read: () => readFileSync(join(ASSETS, 'swagger-ui.css'), 'utf8'),
  },
  '/docs/assets/swagger-ui-bundle.js': {
    type: 'text/javascript; charset=utf-8',
    read: () => readFileSync(join(ASSETS, 'swagger-ui-bundle.js'), 'utf8'),
  },
};
const cache = new Map<string, string>();

/** GET /docs: an interactive API reference served from local files (nothing loads from the internet). */
export function docsResponse(path: string): Response {
  const file = FILES[path];
  if (!file) return new Response('Not found', { status: 404 });
  if (!cache.has(path)) cache.set(path, file.read());
  return new Response(cache.get(path), {
    headers: { 'Content-Type': file.type, 'Cache-Control': 'public, max-age=3600' },
  });
}
