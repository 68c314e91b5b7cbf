import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { intentBody, testApi } from '../support/api';

describe('GET /v1/openapi.json', () => {
  it('serves a valid OpenAPI 3.1 document without authentication', async () => {
    const { call } = await testApi();
    const res = await call('GET', '/v1/openapi.json', { key: null });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const result = await new Validator().validate(res.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('offers null in a request only where the server takes it', async () => {
    const { call } = await testApi();
    const doc = (await call('GET', '/v1/openapi.json', { key: null })).body;
    const schemas = doc.components.schemas as Record<string, unknown>;
    // Every component a request body reaches, through $refs at any depth.
    const reached = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (node === null || typeof node !== 'object') return;
      const ref = (node as { $ref?: string }).$ref;
      if (ref) {
        const name = ref.split('/').at(-1)!;
        if (!reached.has(name)) {
          reached.add(name);
          walk(schemas[name]);
        }
      }
      Object.values(node).forEach(walk);
    };
    for (const methods of Object.values(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const op of Object.values(methods)) walk((op as { requestBody?: unknown }).requestBody);
    }
    expect(reached).toContain('Payment');
    const nullable = [...reached].filter((name) =>
      JSON.stringify((schemas[name] as { type?: unknown }).type).includes('null'),
    );
    expect(nullable).toEqual([]);
    const res = await call('POST', '/v1/intents', { body: intentBody({ payment: null }) });
    expect(res.body.error).toMatchObject({ code: 'parameter_invalid', param: 'payment' });
  });

  it('documents every endpoint with its error responses', async () => {
    const { call } = await testApi();
    const doc = (await call('GET', '/v1/openapi.json', { key: null })).body;
    const operations = Object.entries(
      doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>,
    ).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        id: `${method.toUpperCase()} ${path}`,
        op,
      })),
    );
    expect(operations.map((o) => o.id).sort()).toEqual(
      [
        'GET /v1/intents',
        'GET /v1/intents/{intent_id}',
        'GET /v1/intents/{intent_id}/events',
        'GET /v1/intents/{intent_id}/price_history',
        'GET /v1/intents/{intent_id}/receipt',
        'GET /v1/payment_methods',
        'GET /v1/receipt_keys',
        'POST /v1/intents',
        'POST /v1/intents/{intent_id}/cancel',
        'POST /v1/intents/{intent_id}/resume',
        'POST /v1/inventory_levels',
        'GET /v1/inventory_levels/{sku}',
        'POST /v1/webhook_endpoints',
        'GET /v1/webhook_endpoints',
        'GET /v1/webhook_endpoints/{webhook_endpoint_id}',
        'PATCH /v1/webhook_endpoints/{webhook_endpoint_id}',
        'DELETE /v1/webhook_endpoints/{webhook_endpoint_id}',
        'POST /v1/webhook_endpoints/{webhook_endpoint_id}/rotate_secret',
        'POST /v1/webhook_endpoints/{webhook_endpoint_id}/test',
        'GET /v1/webhook_endpoints/{webhook_endpoint_id}/deliveries',
        'POST /v1/webhook_endpoints/{webhook_endpoint_id}/deliveries/{event_id}/retry',
        'GET /v1/events',
        'POST /v1/resolve/products',
        'POST /v1/resolve/venues',
        'POST /v1/resolve/appointment-facilities',
      ].sort(),
    );
    const create = operations.find((o) => o.id === 'POST /v1/intents')!.op;
    expect(Object.keys(create.responses).sort()).toEqual([
      '201',
      '400',
      '401',
      '403',
      '409',
      '413',
      '415',
      '422',
      '429',
      '500',
      '503',
    ]);
    // Every operation refuses unknown query parameters, so every one documents a 400; any may
    // find its database unavailable (503).
    for (const { id, op } of operations) {
      expect(Object.keys(op.responses), id).toContain('400');
      expect(Object.keys(op.responses), id).toContain('503');
    }
    expect(doc.components.schemas.CreateIntentRequest.properties.objective).toBeDefined();
    expect(doc.components.schemas.Error).toBeDefined();
  });
});
