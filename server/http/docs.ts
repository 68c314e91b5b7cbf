import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Hono } from 'hono';

const require = createRequire(import.meta.url);
const ASSETS = dirname(require.resolve('swagger-ui-dist/package.json'));
const FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

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

/** GET /docs: an interactive API reference, served from local files (nothing loads from the internet). */
export function mountDocs(app: Hono) {
  const cache = new Map<string, string>();
  app.get('/docs', (c) => c.html(PAGE));
  app.get('/docs/init.js', (c) =>
    c.body(INIT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }),
  );
  app.get('/docs/assets/:file', (c) => {
    const file = c.req.param('file');
    const type = FILES[file];
    if (!type) return c.notFound();
    if (!cache.has(file)) cache.set(file, readFileSync(join(ASSETS, file), 'utf8'));
    return c.body(cache.get(file)!, 200, {
      'Content-Type': type,
      'Cache-Control': 'public, max-age=3600',
    });
  });
}
