import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import type { EngineContext } from '../context';
import { EngineError } from '../errors';
import { DEFAULT_RATE_LIMIT, type RateLimit } from '../limits';
import { mount } from './endpoint';
import type { ApiEnv } from './env';
import { errorAnswer } from './error-answer';
import { createIntentRead } from './intent-read';
import { auth } from './middleware/auth';
import { createIdempotencyGuard, idempotency } from './middleware/idempotency';
import { createIntentCreate } from './intent-create';
import { jsonBody } from './middleware/json-body';
import { createRateLimiter, rateLimit } from './middleware/rate-limit';
import { refuseReadOnly } from './middleware/read-only';
import { requestId } from './middleware/request-id';
import { OPENAPI_INFO } from './openapi';
import { IdentityData } from '../schemas/identity';
import { ENDPOINTS } from './routes';

export interface ApiOptions {
  rateLimit?: RateLimit | false;
  /** Reports unexpected errors (never sent to the client). */
  onUnexpectedError?: (error: unknown, requestId: string) => void;
}

/** The v1 API as a web-standard fetch handler: `app.fetch(Request) -> Response`. */
export function createApi(ctx: EngineContext, options: ApiOptions = {}) {
  const app = new OpenAPIHono<ApiEnv>();
  app.use('*', requestId(ctx));
  let document: unknown;
  app.get('/v1/openapi.json', (c) =>
    c.json((document ??= app.getOpenAPI31Document(OPENAPI_INFO)) as object),
  );
  // Public endpoints answer before the authentication middleware is reached.
  for (const endpoint of ENDPOINTS.filter((e) => e.public)) mount(app, endpoint);
  app.use('/v1/*', auth());
  const limiter =
    options.rateLimit === false
      ? null
      : createRateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT, ctx.clock);
  if (limiter) app.use('/v1/*', rateLimit(limiter));
  // Searches (POST /v1/resolve/…) change nothing: read-only keys may call them.
  const idempotencyGuard = createIdempotencyGuard();
  const searches = new Set(ENDPOINTS.filter((e) => e.search).map((e) => `/v1${e.path}`));
  const unlessSearch =
    (middleware: MiddlewareHandler<ApiEnv>): MiddlewareHandler<ApiEnv> =>
    (c, next) =>
      searches.has(c.req.path) ? next() : middleware(c, next);
  app.on(
    ['POST', 'PUT', 'PATCH', 'DELETE'],
    '/v1/*',
    unlessSearch(refuseReadOnly()),
    jsonBody(),
    idempotency(idempotencyGuard),
  );
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description:
      'A secret key: `sk_test_...` or `sk_live_...`. A read-only key reads everything its partner owns; every write answers 403 `permission_denied`. An expired or rolled key answers 401 `invalid_api_key` saying so.',
  });
  for (const endpoint of ENDPOINTS.filter((e) => !e.public)) mount(app, endpoint);
  // resume's user_action.data for type identity: its shape, checked against next_action.fields.
  app.openAPIRegistry.register('IdentityData', IdentityData);

  app.notFound((c) => {
    throw new EngineError(
      'resource_missing',
      `Unrecognized request URL (${c.req.method} ${c.req.path}). See GET /v1/openapi.json.`,
    );
  });
  app.onError((error, c) => errorResponse(c as Context<ApiEnv>, error, options));
  // The hottest read and the create skip the router; every other request (and any they leave)
  // is routed.
  const { onUnexpectedError } = options;
  const intentRead = createIntentRead(ctx, { limiter, onUnexpectedError });
  const intentCreate = createIntentCreate(ctx, {
    limiter,
    idempotency: idempotencyGuard,
    onUnexpectedError,
  });
  const routed = app.fetch;
  app.fetch = (request, ...rest) =>
    intentRead(request) ?? intentCreate(request) ?? routed(request, ...rest);
  return app;
}

function errorResponse(c: Context<ApiEnv>, error: unknown, options: ApiOptions): Response {
  const requestId = c.get('requestId') ?? 'req_unknown';
  const { status, headers, body } = errorAnswer(requestId, error, options.onUnexpectedError);
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  return c.json(body, status as 400);
}
