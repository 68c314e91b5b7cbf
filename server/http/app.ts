import { pathOf, type Engine } from '../../engine/index';
import { docsResponse } from './docs';

/**
 * The HTTP surface of the server: /healthz and /docs here, everything else to the engine's v1
 * API. A plain dispatch (not a second router) keeps the API's hot path to one Hono app.
 */
export function createServerApp(engine: Engine) {
  return {
    fetch(request: Request): Response | Promise<Response> {
      const path = pathOf(request.url);
      if (path === '/healthz') {
        // Like every API answer (CONTRACT §2): a request id in the body and the header.
        const requestId = engine.ctx.ids.next('req');
        return new Response(JSON.stringify({ status: 'ok', request_id: requestId }), {
          headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId },
        });
      }
      if (path === '/docs' || path.startsWith('/docs/')) return docsResponse(path);
      return engine.fetch(request);
    },
  };
}
