import { Hono } from 'hono';
import type { Engine } from '../../engine/index';
import { mountDocs } from './docs';

/** The HTTP surface of the server: health, docs, and everything else to the engine's v1 API. */
export function createServerApp(engine: Engine) {
  const app = new Hono();
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  mountDocs(app);
  app.all('*', (c) => engine.fetch(c.req.raw));
  return app;
}
