import { describe, expect, it } from 'vitest';
import { newKey, payWith, sandbox, type Json } from './helpers';

async function page(s: ReturnType<typeof sandbox>, path: string) {
  const res = await s.app.request(path);
  return { status: res.status, type: res.headers.get('Content-Type'), html: await res.text() };
}

/** A void element with exactly these attributes, however it is closed. */
const tag = (name: string, attributes: string) =>
  new RegExp(`<${name} ${attributes.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s*/?>`);

function jsonLd(html: string): Json {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no JSON-LD');
  return JSON.parse(match[1]!);
}

describe('sandbox pages', () => {
  it('a product page carries schema.org Product + Offer, canonical and og tags', async () => {
    const s = sandbox();
    const { status, html } = await page(s, '/products/trail-runner-42');
    expect(status).toBe(200);
    expect(jsonLd(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Trail Runner 42',
      sku: 'trail-runner-42',
      gtin13: expect.stringMatching(/^\d{13}$/),
      url: 'http://localhost/products/trail-runner-42',
      image: ['http://localhost/images/trail-runner-42.svg'],
      brand: { '@type': 'Brand', name: 'Northpeak' },
      offers: {
        '@type': 'Offer',
        price: '129.99',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
    expect(html).toMatch(
      tag('link', 'rel="canonical" href="http://localhost/products/trail-runner-42"'),
    );
    expect(html).toMatch(tag('meta', 'property="og:title" content="Trail Runner 42"'));
    expect(html).toMatch(tag('meta', 'property="og:type" content="product"'));
    expect(html).toMatch(
      tag('meta', 'property="og:image" content="http://localhost/images/trail-runner-42.svg"'),
    );
    expect(html).toContain('$129.99');
  });

  it('maps every availability to schema.org and shows EUR prices', async () => {
    const s = sandbox();
    const expected: Record<string, string> = {
      'summit-jacket-limited': 'LimitedAvailability',
      'alpine-tent-2p': 'OutOfStock',
      'aurora-headlamp-x': 'PreOrder',
      'ridge-trekking-poles': 'BackOrder',
      'classic-canteen': 'Discontinued',
    };
    for (const [sku, availability] of Object.entries(expected)) {
      const { html } = await page(s, `/products/${sku}`);
      expect(jsonLd(html).offers.availability).toBe(`https://schema.org/${availability}`);
    }
    const eur = jsonLd((await page(s, '/products/berlin-commuter-bag')).html);
    expect(eur.offers).toMatchObject({ price: '89.00', priceCurrency: 'EUR' });
    const gtin = eur.gtin13 as string;
    const sum = [...gtin.slice(0, 12)].reduce((a, d, i) => a + Number(d) * (i % 2 ? 3 : 1), 0);
    expect(Number(gtin[12])).toBe((10 - (sum % 10)) % 10);
  });

  it('the home page links every product; unknown skus are a 404 page; images are SVG', async () => {
    const s = sandbox();
    const home = await page(s, '/');
    expect(home.html.match(/href="http:\/\/localhost\/products\//g)).toHaveLength(
      s.state.products.size,
    );
    const missing = await page(s, '/products/nope');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Not found');
    const image = await page(s, '/images/trail-runner-42.svg');
    expect(image.type).toBe('image/svg+xml');
    expect(image.html).toContain('<svg');
  });

  it('escapes markup in product data', async () => {
    const s = sandbox();
    await s.post('/_control/products/xss', { name: '</script><b>x</b>', price_cents: 100 });
    const { html } = await page(s, '/products/xss');
    expect(html).not.toContain('</script><b>');
    expect(jsonLd(html).name).toBe('</script><b>x</b>');
  });
});

describe('sandbox control API', () => {
  it('a price and stock change shows in the JSON-LD, the page and new sessions', async () => {
    const s = sandbox();
    const changed = await s.post('/_control/products/trail-runner-42', {
      price_cents: 9999,
      availability: 'limited',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ price_cents: 9999, availability: 'limited' });
    const { html } = await page(s, '/products/trail-runner-42');
    expect(jsonLd(html).offers).toMatchObject({
      price: '99.99',
      availability: 'https://schema.org/LimitedAvailability',
    });
    expect(html).toContain('$99.99');
    const session = await s.createSession();
    expect(session.body.line_items[0].unit_amount).toBe(9999);
  });

  it('creates a product only with name and price, and rejects unknown fields', async () => {
    const s = sandbox();
    const incomplete = await s.post('/_control/products/new-thing', { price_cents: 500 });
    expect([incomplete.status, incomplete.body.param]).toEqual([400, '$.name']);
    const created = await s.post('/_control/products/new-thing', {
      name: 'New Thing',
      price_cents: 500,
      currency: 'eur',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ currency: 'EUR', availability: 'in_stock' });
    expect((await page(s, '/products/new-thing')).status).toBe(200);
    const unknown = await s.post('/_control/products/new-thing', { colour: 'red' });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'parameter_unknown']);
    const listed = await s.get('/_control/products');
    expect(listed.body.data.map((p: Json) => p.sku)).toContain('new-thing');
  });

  it('reset restores the catalog and forgets orders', async () => {
    const s = sandbox();
    const { sessionId, tokenId } = await s.ready();
    await s.complete(sessionId, payWith(tokenId));
    await s.post('/_control/products/trail-runner-42', { price_cents: 1 });
    await s.post('/_control/reset');
    expect(await s.orders()).toEqual([]);
    expect((await s.get('/_control/products/trail-runner-42')).body.price_cents).toBe(12999);
    expect((await s.get(`/checkout_sessions/${sessionId}`)).status).toBe(404);
  });

  it('tells its merchant id and ACP endpoints', async () => {
    const s = sandbox();
    const info = await s.get('/_control/merchant');
    expect(info.body).toMatchObject({ merchant_id: 'localhost', acp_api_version: '2026-04-17' });
  });
});

describe('sandbox fault injection', () => {
  it('drop_connection_after_commit: the order is placed, the response is lost, GET reconciles', async () => {
    const s = sandbox();
    const { sessionId, tokenId } = await s.ready();
    await s.post('/_control/faults', {
      next: [{ op: 'complete', kind: 'drop_connection_after_commit' }],
    });
    expect((await s.get('/_control/faults')).body.next).toHaveLength(1);
    const key = newKey();
    const res = await s.app.request(`/checkout_sessions/${sessionId}/complete`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer sandbox_merchant_key',
        'API-Version': '2026-04-17',
        'Content-Type': 'application/json',
        'Idempotency-Key': key,
      },
      body: JSON.stringify(payWith(tokenId)),
    });
    await expect(res.text()).rejects.toThrow();

    const session = await s.get(`/checkout_sessions/${sessionId}`);
    expect(session.body.status).toBe('completed');
    const orders = await s.orders();
    expect(orders).toHaveLength(1);
    expect(session.body.order.id).toBe(orders[0]!.id);

    const retry = await s.complete(sessionId, payWith(tokenId), key);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(retry.body.order.id).toBe(orders[0]!.id);
    expect(await s.orders()).toHaveLength(1);
    expect((await s.get('/_control/faults')).body.next).toEqual([]);
  });

  it('error_500 does nothing; a retry with the same key then succeeds once', async () => {
    const s = sandbox();
    const { sessionId, tokenId } = await s.ready();
    await s.post('/_control/faults', { next: [{ op: 'complete', kind: 'error_500' }] });
    const key = newKey();
    const failed = await s.complete(sessionId, payWith(tokenId), key);
    expect([failed.status, failed.body.type]).toEqual([500, 'processing_error']);
    expect(await s.orders()).toEqual([]);
    expect((await s.get(`/checkout_sessions/${sessionId}`)).body.status).toBe('ready_for_payment');
    const retry = await s.complete(sessionId, payWith(tokenId), key);
    expect(retry.body.status).toBe('completed');
    expect(await s.orders()).toHaveLength(1);
  });

  it('error_500_after_commit: a 500 although the order exists; the same key replays it', async () => {
    const s = sandbox();
    const { sessionId, tokenId } = await s.ready();
    await s.post('/_control/faults', {
      next: [{ op: 'complete', kind: 'error_500_after_commit' }],
    });
    const key = newKey();
    expect((await s.complete(sessionId, payWith(tokenId), key)).status).toBe(500);
    expect(await s.orders()).toHaveLength(1);
    const retry = await s.complete(sessionId, payWith(tokenId), key);
    expect(retry.status).toBe(200);
    expect(retry.body.order.id).toBe((await s.orders())[0]!.id);
    expect(await s.orders()).toHaveLength(1);
  });

  it('timeout_then_commit: the slow complete commits once while a twin gets 409', async () => {
    const s = sandbox();
    const { sessionId, tokenId } = await s.ready();
    await s.post('/_control/faults', {
      next: [{ op: 'complete', kind: 'timeout_then_commit', delay_ms: 100 }],
    });
    const key = newKey();
    const slow = s.complete(sessionId, payWith(tokenId), key);
    await new Promise((r) => setTimeout(r, 20));
    expect((await s.get(`/checkout_sessions/${sessionId}`)).body.status).toBe('ready_for_payment');
    expect((await s.complete(sessionId, payWith(tokenId), key)).status).toBe(409);
    expect((await slow).body.status).toBe('completed');
    expect(await s.orders()).toHaveLength(1);
  });

  it('rejects an unknown fault kind', async () => {
    const s = sandbox();
    const reply = await s.post('/_control/faults', { next: [{ op: 'complete', kind: 'explode' }] });
    expect([reply.status, reply.body.param]).toEqual([400, '$.next[0].kind']);
  });
});
