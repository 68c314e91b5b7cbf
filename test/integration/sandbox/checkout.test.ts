import { describe, expect, it } from 'vitest';
import {
  acpHeaders,
  createBody,
  newKey,
  pathOf,
  payWith,
  sandbox,
  totalOf,
  type Json,
} from './helpers';

const amounts = (session: Json) =>
  Object.fromEntries((session.totals as Json[]).map((t) => [t.type, t.amount]));

describe('sandbox checkout: purchase', () => {
  it('buys trail-runner-42 with pm_card_visa and lists the order exactly once', async () => {
    const s = sandbox();
    const created = await s.createSession();
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('ready_for_payment');
    expect(amounts(created.body)).toEqual({
      items_base_amount: 12999,
      subtotal: 12999,
      fulfillment: 0,
      tax: 1072,
      total: 14071,
    });
    const token = await s.token(created.body.id, 'pm_card_visa', { max_amount: 14071 });
    const done = await s.complete(created.body.id, payWith(token));
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('completed');
    expect(done.body.order).toMatchObject({
      checkout_session_id: created.body.id,
      permalink_url: expect.stringMatching(/^http:\/\/localhost\/orders\/ord_/),
    });

    const orders = await s.orders();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      id: done.body.order.id,
      checkout_session_id: created.body.id,
      sku: 'trail-runner-42',
      quantity: 1,
      totals: { total: 14071, tax: 1072, fulfillment: 0 },
      payment_token_id: token,
      card_last4: '4242',
      created_at: '2026-05-01T12:00:00.000Z',
    });
    const page = await s.app.request(pathOf(done.body.order.permalink_url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(done.body.order.order_number);
  });

  it('charges 5.99 shipping under 100.00, 8.25 % tax rounded half up, and counts repeats', async () => {
    const s = sandbox();
    const one = await s.createSession(createBody(['ember-camp-mug']));
    // 1499 * 8.25 % = 123.67 -> 124
    expect(amounts(one.body)).toMatchObject({
      subtotal: 1499,
      fulfillment: 599,
      tax: 124,
      total: 2222,
    });
    const two = await s.createSession(createBody(['ember-camp-mug', 'ember-camp-mug']));
    expect(two.body.line_items).toHaveLength(1);
    expect(two.body.line_items[0].quantity).toBe(2);
    // 2998 * 8.25 % = 247.335 -> 247
    expect(amounts(two.body)).toMatchObject({ subtotal: 2998, tax: 247, total: 3844 });
    await s.post('/_control/products/sticker', { name: 'Sticker', price_cents: 200 });
    const half = await s.createSession(createBody(['sticker']));
    // 200 * 8.25 % = 16.5 exactly -> 17
    expect(amounts(half.body).tax).toBe(17);
  });

  it('updates the shipping option and items, and refuses an unknown option', async () => {
    const s = sandbox();
    const { body } = await s.createSession();
    const express = await s.post(`/checkout_sessions/${body.id}`, {
      selected_fulfillment_options: [
        { type: 'shipping', option_id: 'ship_express', item_ids: ['trail-runner-42'] },
      ],
    });
    expect(express.status).toBe(200);
    expect(amounts(express.body)).toMatchObject({ fulfillment: 1499, total: 12999 + 1499 + 1072 });
    const items = await s.post(`/checkout_sessions/${body.id}`, {
      line_items: [{ id: 'ember-camp-mug' }],
    });
    expect(items.body.line_items.map((l: Json) => l.item.id)).toEqual(['ember-camp-mug']);
    const bad = await s.post(`/checkout_sessions/${body.id}`, {
      selected_fulfillment_options: [
        { type: 'shipping', option_id: 'ship_teleport', item_ids: [] },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.param).toBe('$.selected_fulfillment_options[0].option_id');
  });

  it('buys in EUR and refuses a currency the item is not sold in', async () => {
    const s = sandbox();
    const wrong = await s.createSession(createBody(['berlin-commuter-bag']));
    expect([wrong.status, wrong.body.code]).toEqual([400, 'currency_mismatch']);
    const session = await s.createSession(createBody(['berlin-commuter-bag'], { currency: 'eur' }));
    expect(session.body.currency).toBe('eur');
    const token = await s.token(session.body.id, 'pm_card_visa', { currency: 'eur' });
    const done = await s.complete(session.body.id, payWith(token));
    expect(done.body.status).toBe('completed');
    expect((await s.orders())[0]).toMatchObject({
      currency: 'eur',
      totals: { total: totalOf(session.body) },
    });
  });
});

describe('sandbox checkout: availability and price', () => {
  it('an out-of-stock item makes the session not ready and completion fail', async () => {
    const s = sandbox();
    const session = await s.createSession(createBody(['alpine-tent-2p']));
    expect(session.body.status).toBe('not_ready_for_payment');
    expect(session.body.messages).toContainEqual(
      expect.objectContaining({ type: 'error', code: 'out_of_stock', param: '$.line_items[0]' }),
    );
    const token = await s.token(session.body.id);
    const done = await s.complete(session.body.id, payWith(token));
    expect([done.status, done.body.code]).toEqual([400, 'out_of_stock']);
    expect(await s.orders()).toEqual([]);
  });

  it('stock running out after the session was created is seen at GET and at complete', async () => {
    const s = sandbox();
    const { sessionId, tokenId } = await s.ready();
    await s.post('/_control/products/trail-runner-42', { availability: 'out_of_stock' });
    expect((await s.get(`/checkout_sessions/${sessionId}`)).body.status).toBe(
      'not_ready_for_payment',
    );
    expect((await s.complete(sessionId, payWith(tokenId))).body.code).toBe('out_of_stock');
    await s.post('/_control/products/trail-runner-42', { availability: 'in_stock' });
    expect((await s.complete(sessionId, payWith(tokenId))).body.status).toBe('completed');
    expect(await s.orders()).toHaveLength(1);
  });

  it('a limited item refuses more than its stock and sells out', async () => {
    const s = sandbox();
    const sku = 'summit-jacket-limited';
    const four = await s.createSession(createBody([sku, sku, sku, sku]));
    expect(four.body.status).toBe('not_ready_for_payment');
    expect(four.body.messages[0]).toMatchObject({ code: 'quantity_exceeded' });
    const three = await s.createSession(createBody([sku, sku, sku]));
    expect(three.body.status).toBe('ready_for_payment');
    const token = await s.token(three.body.id);
    expect((await s.complete(three.body.id, payWith(token))).body.status).toBe('completed');
    const product = await s.get(`/_control/products/${sku}`);
    expect(product.body).toMatchObject({ stock_quantity: 0, availability: 'out_of_stock' });
  });

  it('takes pre-orders with a shipping_delay warning', async () => {
    const s = sandbox();
    const session = await s.createSession(createBody(['aurora-headlamp-x']));
    expect(session.body.status).toBe('ready_for_payment');
    expect(session.body.messages).toContainEqual(
      expect.objectContaining({ code: 'shipping_delay' }),
    );
  });

  it('reprices on read; a rise above the allowance is refused, a drop is charged', async () => {
    const s = sandbox();
    const { sessionId, tokenId, total } = await s.ready();
    await s.post('/_control/products/trail-runner-42', { price_cents: 13999 });
    const repriced = await s.get(`/checkout_sessions/${sessionId}`);
    expect(repriced.body.line_items[0].unit_amount).toBe(13999);
    expect(totalOf(repriced.body)).toBe(13999 + 1155);
    expect(repriced.body.messages).toContainEqual(
      expect.objectContaining({ type: 'warning', code: 'price_change' }),
    );
    const refused = await s.complete(sessionId, payWith(tokenId));
    expect([refused.status, refused.body.code]).toEqual([400, 'allowance_exceeded']);
    expect(await s.orders()).toEqual([]);

    await s.post('/_control/products/trail-runner-42', { price_cents: 11999 });
    const done = await s.complete(sessionId, payWith(tokenId));
    expect(done.body.status).toBe('completed');
    const charged = (await s.orders())[0]!.totals.total;
    expect(charged).toBe(11999 + 990 + 0);
    expect(charged).toBeLessThan(total);
  });
});

describe('sandbox checkout: lifecycle and requests', () => {
  it('cancel ends the session; cancel or complete afterwards is 405', async () => {
    const s = sandbox();
    const { sessionId, tokenId } = await s.ready();
    const canceled = await s.post(`/checkout_sessions/${sessionId}/cancel`);
    expect(canceled.body.status).toBe('canceled');
    const again = await s.post(`/checkout_sessions/${sessionId}/cancel`);
    expect([again.status, again.body.code]).toEqual([405, 'checkout_session_canceled']);
    const complete = await s.complete(sessionId, payWith(tokenId));
    expect(complete.status).toBe(405);
    expect(await s.orders()).toEqual([]);
  });

  it('a session expires after 6 hours', async () => {
    const s = sandbox();
    const { sessionId, tokenId } = await s.ready();
    s.advance(6 * 3_600_000);
    expect((await s.get(`/checkout_sessions/${sessionId}`)).body.status).toBe('expired');
    const done = await s.complete(sessionId, payWith(tokenId));
    expect([done.status, done.body.code]).toEqual([405, 'checkout_session_expired']);
  });

  it('needs the Bearer key and API-Version 2026-04-17', async () => {
    const s = sandbox();
    const noKey = await s.call('GET', '/checkout_sessions/cs_x', undefined, {
      headers: { 'API-Version': '2026-04-17' },
    });
    expect(noKey.status).toBe(401);
    expect(noKey.headers.get('WWW-Authenticate')).toBe('Bearer');
    const wrongKey = await s.call('GET', '/checkout_sessions/cs_x', undefined, {
      headers: { ...acpHeaders(), Authorization: 'Bearer nope' },
    });
    expect(wrongKey.status).toBe(401);
    const oldVersion = await s.call('GET', '/checkout_sessions/cs_x', undefined, {
      headers: { ...acpHeaders(), 'API-Version': '2025-09-29' },
    });
    expect([oldVersion.status, oldVersion.body.code]).toEqual([400, 'unsupported_api_version']);
    for (const path of ['/checkout_sessions', '/agentic_commerce/delegate_payment']) {
      const { Authorization: _dropped, ...anonymous } = acpHeaders(newKey());
      const post = await s.call('POST', path, createBody(), { headers: anonymous });
      expect([path, post.status]).toEqual([path, 401]);
    }
    expect(s.state.sessions.size).toBe(0);
  });

  it('rejects unknown fields, quantity on an item, and unknown items with a JSONPath', async () => {
    const s = sandbox();
    const unknown = await s.createSession({ ...createBody(), gift: true });
    expect(unknown.body).toMatchObject({ code: 'parameter_unknown', param: '$.gift' });
    const quantity = await s.createSession({
      ...createBody(),
      line_items: [{ id: 'trail-runner-42', quantity: 2 }],
    });
    expect(quantity.body).toMatchObject({
      code: 'parameter_unknown',
      param: '$.line_items[0].quantity',
    });
    const missing = await s.createSession({
      line_items: [{ id: 'trail-runner-42' }],
      capabilities: {},
    });
    expect(missing.body).toMatchObject({ code: 'parameter_missing', param: '$.currency' });
    const item = await s.createSession(createBody(['trail-runner-42', 'nope']));
    expect(item.body).toMatchObject({ code: 'invalid_item_id', param: '$.line_items[1].id' });
  });

  it('echoes Request-Id and Idempotency-Key', async () => {
    const s = sandbox();
    const key = newKey();
    const res = await s.call('POST', '/checkout_sessions', createBody(), {
      headers: acpHeaders(key, { 'Request-Id': 'req_from_agent' }),
    });
    expect(res.headers.get('Request-Id')).toBe('req_from_agent');
    expect(res.headers.get('Idempotency-Key')).toBe(key);
    const error = await s.get('/checkout_sessions/cs_missing');
    expect(error.headers.get('Request-Id')).toMatch(/^req_/);
  });
});

describe('sandbox checkout: idempotency', () => {
  it('replays complete with the same key and body: same order, no second one', async () => {
    const s = sandbox();
    const { sessionId, tokenId } = await s.ready();
    const key = newKey();
    const first = await s.complete(sessionId, payWith(tokenId), key);
    const second = await s.complete(sessionId, payWith(tokenId), key);
    expect(second.status).toBe(200);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    expect(second.body.order.id).toBe(first.body.order.id);
    expect(await s.orders()).toHaveLength(1);
  });

  it('refuses the same key with a different body (422) and without a key (400)', async () => {
    const s = sandbox();
    const key = newKey();
    await s.createSession(createBody(), key);
    const conflict = await s.createSession(createBody(['ember-camp-mug']), key);
    expect([conflict.status, conflict.body.code]).toEqual([422, 'idempotency_conflict']);
    const noKey = await s.call('POST', '/checkout_sessions', createBody(), {
      headers: acpHeaders(),
    });
    expect([noKey.status, noKey.body.code]).toEqual([400, 'idempotency_key_required']);
    expect(s.state.sessions.size).toBe(1);
  });

  it('treats key order in the body as the same body, and scopes keys by path', async () => {
    const s = sandbox();
    const key = newKey();
    const a = await s.createSession(
      { currency: 'usd', line_items: [{ id: 'trail-runner-42' }], capabilities: {} },
      key,
    );
    const b = await s.createSession(
      { capabilities: {}, line_items: [{ id: 'trail-runner-42' }], currency: 'usd' },
      key,
    );
    expect(b.body.id).toBe(a.body.id);
    const other = await s.post(
      `/checkout_sessions/${a.body.id}`,
      { buyer: { email: 'a@example.com' } },
      key,
    );
    expect(other.status).toBe(200);
  });

  it('answers a concurrent twin with 409 and Retry-After, and creates one object', async () => {
    const s = sandbox();
    await s.post('/_control/faults', {
      next: [{ op: 'create', kind: 'timeout_then_commit', delay_ms: 100 }],
    });
    const key = newKey();
    const slow = s.createSession(createBody(), key);
    await new Promise((r) => setTimeout(r, 20));
    const twin = await s.createSession(createBody(), key);
    expect([twin.status, twin.body.code]).toEqual([409, 'idempotency_in_flight']);
    expect(twin.headers.get('Retry-After')).toBe('1');
    expect((await slow).status).toBe(201);
    const replay = await s.createSession(createBody(), key);
    expect(replay.body.id).toBe((await slow).body.id);
    expect(s.state.sessions.size).toBe(1);
  });

  it('creates exactly one session for many identical concurrent requests', async () => {
    const s = sandbox();
    const key = newKey();
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => s.createSession(createBody(), key)),
    );
    const ids = new Set(replies.filter((r) => r.status < 300).map((r) => r.body.id));
    expect(ids.size).toBe(1);
    expect(replies.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(s.state.sessions.size).toBe(1);
  });
});
