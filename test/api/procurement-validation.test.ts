import { describe, expect, it } from 'vitest';
import { testApi } from '../support/api';
import { procurementBody } from '../support/procurement';

const objective = (item: Record<string, unknown>, quantity: unknown = 50) => ({
  procurement: { item: { name: 'Printer paper A4', sku: 'PAPER-A4', ...item }, quantity },
});
const trigger = (fields: Record<string, unknown>) => ({
  trigger: { kind: 'inventory_below', sku: 'PAPER-A4', threshold: 10, ...fields },
});

describe('POST /v1/intents with a procurement objective', () => {
  it('accepts the item, quantity, trigger and billing terms: 201 active', async () => {
    const { call } = await testApi();
    const res = await call('POST', '/v1/intents', { body: procurementBody() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'active',
      type: 'purchase',
      objective: procurementBody().objective,
      conditions: procurementBody().conditions,
      payment: { billing_terms: 'net-30', payment_method_id: 'pm_invoice_net_terms' },
    });
  });

  it('accepts a supplier product_url, price conditions and allowed_merchants', async () => {
    const { call } = await testApi();
    const res = await call('POST', '/v1/intents', {
      body: procurementBody({
        objective: objective({ product_url: 'https://supplier.example.com/p/paper' }),
        conditions: { ...trigger({}), max_price_cents: 900, currency: 'USD' },
        guardrails: { allowed_merchants: ['www.Supplier.example.com'] },
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body.guardrails.allowed_merchants).toEqual(['supplier.example.com']);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'item missing',
      { objective: { procurement: { quantity: 5 } } },
      'parameter_missing',
      'objective.procurement.item',
    ],
    [
      'item name missing',
      { objective: { procurement: { item: { sku: 'PAPER-A4' }, quantity: 5 } } },
      'parameter_missing',
      'objective.procurement.item.name',
    ],
    [
      'item sku missing',
      { objective: { procurement: { item: { name: 'Paper' }, quantity: 5 } } },
      'parameter_missing',
      'objective.procurement.item.sku',
    ],
    [
      'item sku empty',
      { objective: objective({ sku: ' ' }) },
      'parameter_invalid',
      'objective.procurement.item.sku',
    ],
    [
      'unknown item field',
      { objective: objective({ colour: 'white' }) },
      'parameter_unknown',
      'objective.procurement.item.colour',
    ],
    [
      'item product_url not http(s)',
      { objective: objective({ product_url: 'ftp://x.example/p' }) },
      'parameter_invalid',
      'objective.procurement.item.product_url',
    ],
    [
      'quantity missing',
      { objective: { procurement: { item: { name: 'Paper', sku: 'PAPER-A4' } } } },
      'parameter_missing',
      'objective.procurement.quantity',
    ],
    [
      'quantity 0',
      { objective: objective({}, 0) },
      'parameter_invalid',
      'objective.procurement.quantity',
    ],
    [
      'quantity 10,001',
      { objective: objective({}, 10_001) },
      'parameter_invalid',
      'objective.procurement.quantity',
    ],
    [
      'quantity not an integer',
      { objective: objective({}, 2.5) },
      'parameter_invalid',
      'objective.procurement.quantity',
    ],
    [
      'objective.quantity differs',
      { objective: { ...objective({}), quantity: 7 } },
      'parameter_invalid',
      'objective.quantity',
    ],
    [
      'product and procurement both',
      { objective: { ...objective({}), product: { product_url: 'https://shop.example.com/p' } } },
      'parameter_invalid',
      'objective',
    ],
    ['trigger missing', { conditions: {} }, 'parameter_missing', 'conditions.trigger'],
    [
      'trigger kind unknown',
      { conditions: trigger({ kind: 'inventory_above' }) },
      'parameter_invalid',
      'conditions.trigger.kind',
    ],
    [
      'trigger kind missing',
      { conditions: { trigger: { sku: 'PAPER-A4', threshold: 1 } } },
      'parameter_missing',
      'conditions.trigger.kind',
    ],
    [
      'trigger sku missing',
      { conditions: { trigger: { kind: 'inventory_below', threshold: 1 } } },
      'parameter_missing',
      'conditions.trigger.sku',
    ],
    [
      'trigger sku differs from the item',
      { conditions: trigger({ sku: 'PAPER-A3' }) },
      'parameter_invalid',
      'conditions.trigger.sku',
    ],
    [
      'threshold missing',
      { conditions: { trigger: { kind: 'inventory_below', sku: 'PAPER-A4' } } },
      'parameter_missing',
      'conditions.trigger.threshold',
    ],
    [
      'threshold negative',
      { conditions: trigger({ threshold: -1 }) },
      'parameter_invalid',
      'conditions.trigger.threshold',
    ],
    [
      'threshold not an integer',
      { conditions: trigger({ threshold: 1.5 }) },
      'parameter_invalid',
      'conditions.trigger.threshold',
    ],
    [
      'threshold a string',
      { conditions: trigger({ threshold: '10' }) },
      'parameter_invalid',
      'conditions.trigger.threshold',
    ],
    [
      'unknown trigger field',
      { conditions: trigger({ location: 'a' }) },
      'parameter_unknown',
      'conditions.trigger.location',
    ],
    [
      'billing_terms unknown',
      { payment: { payment_method_id: 'pm_invoice_net_terms', billing_terms: 'net-90' } },
      'parameter_invalid',
      'payment.billing_terms',
    ],
    [
      'billing_terms with a card',
      { payment: { payment_method_id: 'pm_card_visa', billing_terms: 'net-30' } },
      'parameter_invalid',
      'payment.billing_terms',
    ],
    [
      'billing_terms without a method',
      { payment: { billing_terms: 'net-30' } },
      'parameter_missing',
      'payment.payment_method_id',
    ],
    [
      'invoice method without terms',
      { payment: { payment_method_id: 'pm_invoice_net_terms' } },
      'parameter_missing',
      'payment.billing_terms',
    ],
  ])('refuses %s: 400 %s naming %s', async (_what, overrides, code, param) => {
    const { call } = await testApi();
    const res = await call('POST', '/v1/intents', { body: procurementBody(overrides) });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code, param });
    expect(res.body.error.message).toContain(
      param
        .split('.')
        .pop()!
        .replace(/\[\d+\]$/, ''),
    );
  });

  it('refuses a trigger on a product purchase', async () => {
    const { call } = await testApi();
    const res = await call('POST', '/v1/intents', {
      body: {
        type: 'purchase',
        external_user_id: 'u',
        objective: { product: { product_url: 'https://shop.example.com/p/1' } },
        conditions: trigger({}),
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'parameter_invalid',
      param: 'conditions.trigger',
    });
  });

  it('refuses the invoice method in live mode, where it is not offered', async () => {
    const { call, engine } = await testApi();
    const live = (await engine.keys.create('acme', true)).key;
    const res = await call('POST', '/v1/intents', { key: live, body: procurementBody() });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ param: 'payment.payment_method_id' });
  });
});
