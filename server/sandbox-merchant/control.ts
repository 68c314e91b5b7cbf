import { Hono } from 'hono';
import { ProductPatch, productView, upsertProduct } from './catalog';
import type { SandboxEnv } from './context';
import { notFound } from './errors';
import { FaultsBody, setFaults } from './faults';
import { parseWith, readJson } from './http';
import { controlOrderView } from './orders';
import { ACP_VERSION } from './session-view';

/** The test-only control API (no auth): change offers, list orders, reset, inject faults. */
export function controlRoutes() {
  const app = new Hono<SandboxEnv>();

  app.get('/merchant', (c) => {
    const scope = c.get('scope');
    return c.json({
      merchant_id: scope.merchantId,
      base_url: scope.baseUrl,
      acp_api_version: ACP_VERSION,
      checkout_url: `${scope.baseUrl}/checkout_sessions`,
      delegate_payment_url: `${scope.baseUrl}/agentic_commerce/delegate_payment`,
    });
  });

  app.get('/products', (c) => {
    const scope = c.get('scope');
    const data = [...scope.sb.state.products.values()].map((p) => productView(p, scope.baseUrl));
    return c.json({ object: 'list', data });
  });

  app.get('/products/:sku', (c) => {
    const scope = c.get('scope');
    const product = scope.sb.state.products.get(c.req.param('sku'));
    if (!product) throw notFound('product', c.req.param('sku'));
    return c.json(productView(product, scope.baseUrl));
  });

  app.post('/products/:sku', async (c) => {
    const scope = c.get('scope');
    const patch = parseWith(ProductPatch, await readJson(c));
    const [product, created] = upsertProduct(
      scope.sb.state.products,
      c.req.param('sku'),
      patch,
      scope.sb.now(),
    );
    return c.json(productView(product, scope.baseUrl), created ? 201 : 200);
  });

  app.get('/orders', (c) => {
    const scope = c.get('scope');
    return c.json({
      object: 'list',
      data: scope.sb.state.orders.map((o) => controlOrderView(scope, o)),
    });
  });

  app.post('/reset', (c) => {
    c.get('scope').sb.state.reset();
    return c.json({ reset: true });
  });

  app.get('/faults', (c) => c.json({ next: c.get('scope').sb.state.faults }));

  app.post('/faults', async (c) => {
    const { state } = c.get('scope').sb;
    setFaults(state, parseWith(FaultsBody, await readJson(c)));
    return c.json({ next: state.faults });
  });

  return app;
}
