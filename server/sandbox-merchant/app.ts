import { Hono } from 'hono';
import { SANDBOX_API_KEY } from '../../engine/index';
import { acpGuard } from './acp';
import { acsRoutes } from './acs';
import { checkoutRoutes } from './checkout';
import { scopeFor, type Sandbox, type SandboxEnv } from './context';
import { controlRoutes } from './control';
import { delegatePaymentRoutes } from './delegate-payment';
import { SandboxError, errorResponse } from './errors';
import { createIds } from './ids';
import { pageRoutes } from './pages';
import { ACP_VERSION } from './session-view';
import { createState } from './state';
import type { SandboxOptions, SandboxState } from './types';

/** The key ACP calls must carry unless another is configured (the engine's connectors send it). */
export const DEFAULT_SANDBOX_API_KEY = SANDBOX_API_KEY;

/** The ACP discovery document (/.well-known/acp.json, DiscoveryResponse). */
function discovery(baseUrl: string) {
  return {
    protocol: { name: 'acp', version: ACP_VERSION, supported_versions: [ACP_VERSION] },
    api_base_url: baseUrl,
    transports: ['rest'],
    capabilities: {
      services: ['checkout', 'delegate_payment'],
      intervention_types: ['3ds'],
      supported_currencies: ['eur', 'usd'],
      supported_locales: ['en-US'],
    },
  };
}

/**
 * The sandbox merchant as a web-standard fetch handler. State lives in memory; `state.reset()`
 * (or POST /_control/reset) restores the seed catalog.
 */
export function createSandboxMerchant(options: SandboxOptions = {}): {
  app: Hono<SandboxEnv>;
  state: SandboxState;
  /** Internal: lets startSandboxMerchant fix the base URL once the port is known. */
  sandbox: Sandbox;
} {
  const now = options.now ?? (() => Date.now());
  const state = createState(options.products, now);
  const sandbox: Sandbox = {
    state,
    now,
    ids: createIds(now),
    apiKey: options.apiKey ?? DEFAULT_SANDBOX_API_KEY,
    baseUrl: options.baseUrl?.replace(/\/+$/, ''),
  };
  const app = new Hono<SandboxEnv>();

  app.use('*', async (c, next) => {
    c.set('scope', scopeFor(sandbox, c.req.url));
    const requestId = c.req.header('Request-Id') ?? sandbox.ids('req_');
    c.set('requestId', requestId);
    c.header('Request-Id', requestId);
    await next();
  });
  app.onError((err, c) => errorResponse(c, err));
  app.notFound((c) =>
    errorResponse(
      c,
      new SandboxError(404, 'not_found', `No route for ${c.req.method} ${c.req.path}.`),
    ),
  );

  app.use('/checkout_sessions', acpGuard());
  app.use('/checkout_sessions/*', acpGuard());
  app.use('/agentic_commerce/*', acpGuard());
  app.route('/checkout_sessions', checkoutRoutes());
  app.route('/agentic_commerce', delegatePaymentRoutes());
  app.route('/_acs', acsRoutes());
  app.route('/_control', controlRoutes());
  app.get('/.well-known/acp.json', (c) => c.json(discovery(c.get('scope').baseUrl)));
  app.route('/', pageRoutes());

  return { app, state, sandbox };
}
