import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import { SCHEMA_ORG_AVAILABILITY, imageUrl, productUrl } from './catalog';
import type { SandboxEnv, Scope } from './context';
import { decimalString, displayPrice } from './money';
import { orderUrl } from './orders';
import { svgImage } from './images';
import { SHOP, layout } from './layout';
import type { Product } from './types';

/** The shop's public pages: home, product pages with schema.org JSON-LD, images, orders, legal. */
const AVAILABILITY_TEXT: Record<Product['availability'], string> = {
  in_stock: 'In stock',
  limited: 'Limited availability',
  out_of_stock: 'Out of stock',
  preorder: 'Pre-order',
  backorder: 'Back-order',
  discontinued: 'Discontinued',
};

/** schema.org Product + Offer, as search engines and our extractor read it. */
export function productJsonLd(scope: Scope, p: Product) {
  const url = productUrl(scope.baseUrl, p.sku);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    description: p.description,
    sku: p.sku,
    gtin13: p.gtin13,
    url,
    image: [imageUrl(scope.baseUrl, p.sku)],
    brand: { '@type': 'Brand', name: p.brand },
    offers: {
      '@type': 'Offer',
      url,
      price: decimalString(p.price_cents, p.currency),
      priceCurrency: p.currency,
      availability: SCHEMA_ORG_AVAILABILITY[p.availability],
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: SHOP },
    },
  };
}

/** JSON inside <script> must not be able to close the tag. */
const scriptJson = (value: unknown) => raw(JSON.stringify(value).replace(/</g, '\\u003c'));

function productPage(scope: Scope, p: Product) {
  const url = productUrl(scope.baseUrl, p.sku);
  const image = imageUrl(scope.baseUrl, p.sku);
  const price = decimalString(p.price_cents, p.currency);
  const head = html`<link rel="canonical" href="${url}" />
    <meta name="description" content="${p.description}" />
    <meta property="og:type" content="product" />
    <meta property="og:site_name" content="${SHOP}" />
    <meta property="og:title" content="${p.name}" />
    <meta property="og:description" content="${p.description}" />
    <meta property="og:url" content="${url}" />
    <meta property="og:image" content="${image}" />
    <meta property="product:price:amount" content="${price}" />
    <meta property="product:price:currency" content="${p.currency}" />
    <script type="application/ld+json">
      ${scriptJson(productJsonLd(scope, p))}
    </script>`;
  const body = html`<article class="product">
    <img src="${image}" alt="${p.name}" width="320" height="240" />
    <h1>${p.name}</h1>
    <p class="muted">by ${p.brand} · SKU ${p.sku} · GTIN ${p.gtin13}</p>
    <p class="price" data-price="${price}" data-currency="${p.currency}">
      ${displayPrice(p.price_cents, p.currency)}
    </p>
    <p class="availability">
      ${AVAILABILITY_TEXT[p.availability]}${p.stock_quantity !== null && p.availability !== 'out_of_stock' ? ` — ${p.stock_quantity} left` : ''}
    </p>
    <p>${p.description}</p>
  </article>`;
  return layout(`${p.name} — ${SHOP}`, head, body);
}

function notFoundPage(what: string) {
  return layout(
    `Not found — ${SHOP}`,
    '',
    html`<h1>Not found</h1>
      <p>${what}</p>
      <p><a href="/">Back to the shop</a></p>`,
  );
}

const LEGAL: Record<string, [string, string]> = {
  terms: ['Terms of use', 'Orders on this sandbox are simulated. Nothing is shipped or charged.'],
  privacy: ['Privacy policy', 'The sandbox keeps data in memory only and forgets it on restart.'],
  returns: ['Returns', 'Simulated orders can be returned within 30 simulated days.'],
};

export function pageRoutes() {
  const app = new Hono<SandboxEnv>();

  app.get('/', (c) => {
    const scope = c.get('scope');
    const items = [...scope.sb.state.products.values()].map(
      (p) =>
        html`<li>
          <a href="${productUrl(scope.baseUrl, p.sku)}">${p.name}</a> —
          ${displayPrice(p.price_cents, p.currency)}
          <span class="muted">(${AVAILABILITY_TEXT[p.availability]})</span>
        </li>`,
    );
    return c.html(
      layout(
        SHOP,
        '',
        html`<h1>${SHOP}</h1>
          <ul class="products">
            ${items}
          </ul>`,
      ),
    );
  });

  app.get('/products/:sku', (c) => {
    const scope = c.get('scope');
    const product = scope.sb.state.products.get(c.req.param('sku'));
    if (!product) return c.html(notFoundPage(`No product with SKU '${c.req.param('sku')}'.`), 404);
    return c.html(productPage(scope, product));
  });

  app.get('/images/:file', (c) => {
    const sku = c.req.param('file').replace(/\.svg$/, '');
    const product = c.get('scope').sb.state.products.get(sku);
    if (!product) return c.text('Not found', 404);
    return c.body(svgImage(product), 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'no-cache',
    });
  });

  app.get('/orders/:id', (c) => {
    const scope = c.get('scope');
    const order = scope.sb.state.orders.find((o) => o.id === c.req.param('id'));
    if (!order) return c.html(notFoundPage(`No order '${c.req.param('id')}'.`), 404);
    const lines = order.lines.map(
      (l) =>
        html`<li>${l.quantity} × ${l.name} at ${displayPrice(l.unit_amount, order.currency)}</li>`,
    );
    const head = html`<link rel="canonical" href="${orderUrl(scope, order.id)}" />`;
    return c.html(
      layout(
        `Order ${order.order_number} — ${SHOP}`,
        head,
        html`<h1>Order ${order.order_number}</h1>
          <p class="muted">
            ${order.id} · placed ${new Date(order.created_at).toISOString()} ·
            ${
              order.invoice
                ? `invoiced ${order.invoice.invoice_number} on ${order.invoice.payment_terms}, due ${new Date(order.invoice.due_at).toISOString()}`
                : `paid with ${order.card_brand} •••• ${order.card_last4}`
            }
          </p>
          <ul>
            ${lines}
          </ul>
          <p>
            Shipping ${displayPrice(order.totals.fulfillment, order.currency)} · Tax
            ${displayPrice(order.totals.tax, order.currency)}
          </p>
          <p class="price">Total ${displayPrice(order.totals.total, order.currency)}</p>`,
      ),
    );
  });

  app.get('/legal/:page', (c) => {
    const page = LEGAL[c.req.param('page')];
    if (!page) return c.html(notFoundPage('No such page.'), 404);
    return c.html(
      layout(
        `${page[0]} — ${SHOP}`,
        '',
        html`<h1>${page[0]}</h1>
          <p>${page[1]}</p>`,
      ),
    );
  });

  return app;
}
