import { describe, expect, it } from 'vitest';
import { acpBuyerFields } from '../../../engine/merchants/acp/buyer';
import { schemaErrors, type SchemaName } from './acp-schemas';
import {
  acpHeaders,
  createBody,
  delegateBody,
  newKey,
  pathOf,
  payWith,
  sandbox,
  totalOf,
  type Json,
} from './helpers';

/** Every request a test sends and every response the sandbox gives, against ACP 2026-04-17. */
function expectSchema(name: SchemaName, data: unknown) {
  expect(schemaErrors(name, data), `${name}\n${JSON.stringify(data, null, 1)}`).toEqual([]);
}

const sessionSchemas = (withOrder: boolean): SchemaName[] =>
  withOrder
    ? ['checkout:CheckoutSessionWithOrder', 'bundle:CheckoutSessionWithOrder']
    : ['checkout:CheckoutSession', 'bundle:CheckoutSession'];

function expectSession(data: Json, withOrder = false) {
  for (const name of sessionSchemas(withOrder)) expectSchema(name, data);
}

describe('ACP schema validators', () => {
  it('reject a session that breaks the schema, so the checks below can fail', async () => {
    const s = sandbox();
    const session = (await s.createSession()).body;
    expectSession(session);
    const { totals: _omitted, ...withoutTotals } = session;
    expect(schemaErrors('checkout:CheckoutSession', withoutTotals)).not.toEqual([]);
    expect(schemaErrors('checkout:CheckoutSession', { ...session, status: 'paid' })).not.toEqual(
      [],
    );
    expect(schemaErrors('checkout:CheckoutSession', { ...session, surprise: 1 })).not.toEqual([]);
    expect(schemaErrors('checkout:CheckoutSessionWithOrder', session)).not.toEqual([]);
    expect(schemaErrors('delegate:DelegatePaymentRequest', { allowance: {} })).not.toEqual([]);
  });
});

describe('sandbox checkout responses match ACP 2026-04-17', () => {
  it('create, get, update and cancel return CheckoutSession', async () => {
    const s = sandbox();
    const create = createBody(['trail-runner-42', 'ember-camp-mug', 'ember-camp-mug'], {
      buyer: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
      fulfillment_details: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        address: {
          name: 'Ada Lovelace',
          line_one: '1 Analytical Way',
          city: 'San Francisco',
          state: 'CA',
          country: 'US',
          postal_code: '94107',
        },
      },
      metadata: { cart: 'web' },
    });
    expectSchema('checkout:CheckoutSessionCreateRequest', create);
    const created = await s.createSession(create);
    expect(created.status).toBe(201);
    expectSession(created.body);

    const got = await s.get(`/checkout_sessions/${created.body.id}`);
    expect(got.status).toBe(200);
    expectSession(got.body);

    const update = {
      selected_fulfillment_options: [
        { type: 'shipping', option_id: 'ship_express', item_ids: ['trail-runner-42'] },
      ],
      discounts: { codes: ['NOPE10'] },
    };
    expectSchema('checkout:CheckoutSessionUpdateRequest', update);
    const updated = await s.post(`/checkout_sessions/${created.body.id}`, update);
    expect(updated.status).toBe(200);
    expectSession(updated.body);

    const cancel = {
      intent_trace: { reason_code: 'price_sensitivity', trace_summary: 'Too dear' },
    };
    expectSchema('checkout:CancelSessionRequest', cancel);
    const canceled = await s.post(`/checkout_sessions/${created.body.id}/cancel`, cancel);
    expect(canceled.status).toBe(200);
    expect(canceled.body.status).toBe('canceled');
    expectSession(canceled.body);
  });

  it('delegate_payment and complete return DelegatePaymentResponse and CheckoutSessionWithOrder', async () => {
    const s = sandbox();
    const session = (await s.createSession()).body;
    const request = delegateBody('pm_card_visa', {
      checkout_session_id: session.id,
      max_amount: totalOf(session),
    });
    expectSchema('delegate:DelegatePaymentRequest', request);
    const token = await s.delegate(request);
    expect(token.status).toBe(201);
    expectSchema('delegate:DelegatePaymentResponse', token.body);

    const complete = payWith(token.body.id, {
      buyer: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
    });
    expectSchema('checkout:CheckoutSessionCompleteRequest', complete);
    const done = await s.complete(session.id, complete);
    expect(done.status).toBe(200);
    expectSession(done.body, true);

    const got = await s.get(`/checkout_sessions/${session.id}`);
    expectSession(got.body, true);
  });

  it('the OTP / 3DS round trip uses AuthenticationMetadata and AuthenticationResult', async () => {
    const s = sandbox();
    for (const card of ['pm_card_otp_required', 'pm_card_3ds_required'] as const) {
      const { sessionId, tokenId } = await s.ready(card);
      const pending = await s.complete(sessionId, payWith(tokenId));
      expect(pending.body.status).toBe('authentication_required');
      expectSession(pending.body);
      expectSchema('checkout:AuthenticationMetadata', pending.body.authentication_metadata);

      const challenge = pending.body.authentication_metadata.challenge;
      const answer = card === 'pm_card_otp_required' ? { otp: '000000' } : { approve: true };
      const acs = await s.call('POST', pathOf(challenge.acs_url), answer, {
        headers: { 'Content-Type': 'application/json' },
      });
      expectSchema('checkout:AuthenticationResult', acs.body.authentication_result);

      const finish = payWith(tokenId, { authentication_result: acs.body.authentication_result });
      expectSchema('checkout:CheckoutSessionCompleteRequest', finish);
      const done = await s.complete(sessionId, finish);
      expect(done.body.status).toBe('completed');
      expectSession(done.body, true);
    }
  });

  it('a not-ready session (out of stock) carries a MessageError', async () => {
    const s = sandbox();
    const session = await s.createSession(createBody(['alpine-tent-2p']));
    expect(session.body.status).toBe('not_ready_for_payment');
    expectSession(session.body);
  });

  it('a product that needs a phone or an address: MessageError missing at the field, ready once the connector sends it', async () => {
    const s = sandbox();
    for (const [sku, params, details] of [
      [
        'courier-flowers',
        ['$.buyer.email', '$.buyer.phone_number'],
        { email: 'ada@example.com', phone: '+1 555 010 0199' },
      ],
      [
        'oak-desk-shipped',
        ['$.fulfillment_details.name', '$.fulfillment_details.address'],
        {
          name: 'Ada Lovelace',
          shipping_address: {
            line1: '1 Analytical Way',
            city: 'Austin',
            postal_code: '78701',
            country: 'US',
          },
        },
      ],
    ] as const) {
      const session = await s.createSession(createBody([sku]));
      expect(session.body.status).toBe('not_ready_for_payment');
      expectSession(session.body);
      const missing = (session.body.messages as Json[]).filter((m) => m.code === 'missing');
      expect(missing.map((m) => m.param)).toEqual(params);
      // What the engine's ACP connector sends once the user has answered.
      const update = acpBuyerFields(details);
      expectSchema('checkout:CheckoutSessionUpdateRequest', update);
      const updated = await s.post(`/checkout_sessions/${session.body.id}`, update);
      expect(updated.status).toBe(200);
      expect(updated.body.status).toBe('ready_for_payment');
      expectSession(updated.body);
    }
  });

  it('the discovery document is a DiscoveryResponse', async () => {
    const s = sandbox();
    const doc = await s.get('/.well-known/acp.json');
    expectSchema('bundle:DiscoveryResponse', doc.body);
  });
});

describe('sandbox errors match the ACP Error schemas', () => {
  it('checkout errors are ACP Error objects', async () => {
    const s = sandbox();
    const session = (await s.createSession()).body;
    const path = `/checkout_sessions/${session.id}`;
    const key = newKey();
    const errors: [number, Promise<{ status: number; body: Json }>][] = [
      [400, s.call('POST', '/checkout_sessions', createBody(), { headers: acpHeaders() })],
      [401, s.call('GET', path, undefined, { headers: { 'API-Version': '2026-04-17' } })],
      [
        400,
        s.call('GET', path, undefined, {
          headers: { Authorization: 'Bearer sandbox_merchant_key' },
        }),
      ],
      [404, s.get('/checkout_sessions/cs_missing')],
      [400, s.createSession(createBody(['no-such-sku']))],
      [400, s.createSession({ ...createBody(), items: [] })],
      [
        415,
        s.call('POST', '/checkout_sessions', createBody(), {
          headers: { ...acpHeaders(newKey()), 'Content-Type': 'text/plain' },
        }),
      ],
      [400, s.complete(session.id, payWith('vt_unknown'))],
    ];
    for (const [status, pending] of errors) {
      const reply = await pending;
      expect(reply.status).toBe(status);
      expectSchema('checkout:Error', reply.body);
    }
    await s.post(`${path}`, { buyer: { email: 'a@example.com' } }, key);
    const conflict = await s.post(`${path}`, { buyer: { email: 'b@example.com' } }, key);
    expect(conflict.status).toBe(422);
    expectSchema('checkout:Error', conflict.body);

    await s.post(`${path}/cancel`);
    const notCancelable = await s.post(`${path}/cancel`);
    expect(notCancelable.status).toBe(405);
    expectSchema('checkout:Error', notCancelable.body);

    const declined = await s.ready('pm_card_declined');
    const decline = await s.complete(declined.sessionId, payWith(declined.tokenId));
    expect(decline.status).toBe(402);
    expectSchema('checkout:Error', decline.body);
  });

  it('delegate_payment card and idempotency errors use the spec codes', async () => {
    const s = sandbox();
    const base = delegateBody('pm_card_visa', { checkout_session_id: 'cs_x' });
    const key = newKey();
    await s.delegate(base, key);
    const cases: [number, string, Promise<{ status: number; body: Json }>][] = [
      [
        400,
        'invalid_card',
        s.delegate({ ...base, payment_method: { ...base.payment_method, number: undefined } }),
      ],
      [
        422,
        'invalid_card',
        s.delegate({
          ...base,
          payment_method: { ...base.payment_method, number: '4242424242424241' },
        }),
      ],
      [422, 'idempotency_conflict', s.delegate({ ...base, metadata: { other: 'body' } }, key)],
      [
        400,
        'idempotency_key_required',
        s.call('POST', '/agentic_commerce/delegate_payment', base, { headers: acpHeaders() }),
      ],
    ];
    for (const [status, code, pending] of cases) {
      const reply = await pending;
      expect([reply.status, reply.body.code]).toEqual([status, code]);
      expectSchema('delegate:Error', reply.body);
    }
  });
});

describe('ACP B2B payment: an order on terms (what pm_invoice_net_terms sends)', () => {
  it('complete with purchase_order_number and net_30 places an order with an invoice due in 30 days, charging no card', async () => {
    const s = sandbox();
    const session = (await s.createSession()).body;
    const complete = {
      payment_data: { purchase_order_number: 'PO-int_1-1', payment_terms: 'net_30' },
    };
    expectSchema('checkout:CheckoutSessionCompleteRequest', complete);
    expectSchema('bundle:CheckoutSessionCompleteRequest', complete);
    const done = await s.complete(session.id, complete);
    expect(done.status).toBe(200);
    expectSession(done.body, true);
    expect(done.body.order).toMatchObject({
      confirmation: { invoice_number: expect.stringMatching(/^INV-/) },
    });
    expect(done.body.metadata.invoice).toMatchObject({
      payment_terms: 'net_30',
      purchase_order_number: 'PO-int_1-1',
      amount_due: totalOf(session),
      due_date: new Date(s.now() + 30 * 86_400_000).toISOString(),
    });
    const [order] = await s.orders();
    expect(order).toMatchObject({ payment_token_id: null, card_last4: null });
    expect(order!.invoice.due_date).toBe(done.body.metadata.invoice.due_date);
  });

  it('refuses terms without payment_terms and charges nothing', async () => {
    const s = sandbox();
    const session = (await s.createSession()).body;
    const reply = await s.complete(session.id, { payment_data: { purchase_order_number: 'PO-1' } });
    expect([reply.status, reply.body.code]).toEqual([400, 'parameter_missing']);
    expect(await s.orders()).toEqual([]);
  });
});
