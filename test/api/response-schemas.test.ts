import { beforeAll, describe, expect, it } from 'vitest';
import { openApiValidator } from '../support/closed-schema';
import {
  call,
  newWorld,
  SANDBOX,
  sandboxPurchase,
  setProduct,
  settle,
  type World,
} from '../support/world';

/**
 * The OpenAPI document says what every response body holds, completely: these tests walk it for
 * untyped parts, and check real answers of a few whole purchases against it with every object
 * closed (a field the document does not name fails).
 */

type Schema = Record<string, unknown>;
type Doc = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>
  >;
  components: { schemas: Record<string, Schema> };
};

async function openApiDocument(world: World): Promise<Doc> {
  const res = await world.engine.fetch(new Request('http://engine/v1/openapi.json'));
  return (await res.json()) as Doc;
}

const TYPED = ['type', 'enum', 'const', '$ref', 'oneOf', 'anyOf', 'allOf'];

/** Paths (in `where`) of the schemas under `schema` that say nothing about their value. */
function untypedParts(
  schema: unknown,
  where: string,
  doc: Doc,
  seen = new Set<string>(),
): string[] {
  if (typeof schema !== 'object' || schema === null) return [`${where}: not a schema`];
  const node = schema as Schema;
  if (typeof node.$ref === 'string') {
    if (seen.has(node.$ref)) return [];
    seen.add(node.$ref);
    const name = node.$ref.replace('#/components/schemas/', '');
    return untypedParts(doc.components.schemas[name], name, doc, seen);
  }
  if (!TYPED.some((key) => key in node)) return [`${where}: no type`];
  const problems: string[] = [];
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    const list = node[key] as unknown[] | undefined;
    list?.forEach((part, i) =>
      problems.push(...untypedParts(part, `${where}.${key}[${i}]`, doc, seen)),
    );
  }
  const types = ([] as unknown[]).concat(node.type ?? []);
  if (types.includes('array')) problems.push(...untypedParts(node.items, `${where}[]`, doc, seen));
  if (types.includes('object')) {
    const properties = (node.properties ?? {}) as Record<string, unknown>;
    const extra = node.additionalProperties;
    if (Object.keys(properties).length === 0 && extra !== false && extra === undefined)
      problems.push(`${where}: an object with no properties`);
    if (
      extra === true ||
      (typeof extra === 'object' && extra !== null && Object.keys(extra).length === 0)
    )
      problems.push(`${where}: untyped additional properties`);
    if (typeof extra === 'object' && extra !== null && Object.keys(extra).length > 0)
      problems.push(...untypedParts(extra, `${where}.*`, doc, seen));
    for (const [name, value] of Object.entries(properties))
      problems.push(...untypedParts(value, `${where}.${name}`, doc, seen));
  }
  return problems;
}

describe('GET /v1/openapi.json describes every response body', () => {
  it('with a type for every part: no empty schema, no untyped record', async () => {
    const world = await newWorld();
    const doc = await openApiDocument(world);
    const problems: string[] = [];
    let bodies = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          const schema = response.content?.['application/json']?.schema;
          const where = `${method.toUpperCase()} ${path} ${status}`;
          if (!schema) problems.push(`${where}: no JSON body schema`);
          else {
            bodies++;
            problems.push(...untypedParts(schema, where, doc));
          }
        }
      }
    }
    expect(bodies).toBeGreaterThan(40);
    expect(problems).toEqual([]);
  });

  describe('and the bodies the API answers match it', () => {
    let world: World;
    let validate: (name: string, body: unknown) => string[];

    beforeAll(async () => {
      world = await newWorld();
      validate = await openApiValidator((request) => world.engine.fetch(request));
    });

    async function expectBody(method: string, path: string, schema: string, body?: unknown) {
      const res = await call(world, method, path, body);
      expect(validate(schema, res.body), `${method} ${path}`).toEqual([]);
      return res;
    }

    async function expectEventsOf(id: string) {
      const res = await expectBody('GET', `/v1/intents/${id}/events?limit=200`, 'EventList');
      return res.body.events as Array<{ type: string; data: { reason?: string } }>;
    }

    it('for a purchase with a wrong and a right OTP, its events, receipt and history', async () => {
      await setProduct(world, 'otp-shoe', { price_cents: 9_000 });
      const created = await expectBody(
        'POST',
        '/v1/intents',
        'Intent',
        sandboxPurchase('otp-shoe', {
          payment: { payment_method_id: 'pm_card_otp_required', max_charge_cents: 15_000 },
          metadata: { order: 'a-1', gift: true, count: 2 },
        }),
      );
      const id = created.body.intent_id as string;
      await settle(world);
      await expectBody('GET', `/v1/intents/${id}`, 'Intent');
      const wrong = await expectBody('POST', `/v1/intents/${id}/resume`, 'Error', {
        user_action: { type: 'otp', completed: true, code: '111111' },
      });
      expect(wrong.status).toBe(400);
      await expectBody('POST', `/v1/intents/${id}/resume`, 'Intent', {
        user_action: { type: 'otp', completed: true, code: '000000' },
      });
      await world.engine.executor.idle();
      await expectBody('GET', `/v1/intents/${id}/receipt`, 'Receipt');
      await expectBody('GET', `/v1/intents/${id}/price_history`, 'PriceHistory');
      await expectBody('GET', '/v1/intents?limit=100', 'IntentList');
      await expectBody('GET', '/v1/payment_methods', 'PaymentMethodList');
      await expectBody('GET', '/v1/receipt_keys', 'ReceiptKeys');
      const types = (await expectEventsOf(id)).map((e) => e.type);
      expect(types).toContain('execution.step_failed');
      expect(types).toContain('intent.resumed');
      expect(types.at(-1)).toBe('intent.succeeded');
    });

    it('for intents that wait, are declined, fail, are canceled and expire', async () => {
      await setProduct(world, 'dear-shoe', { price_cents: 13_000 });
      await setProduct(world, 'otp-boot', { price_cents: 9_000 });
      await setProduct(world, 'declined-boot', { price_cents: 9_000 });
      const create = async (body: unknown) =>
        (await expectBody('POST', '/v1/intents', 'Intent', body)).body.intent_id as string;
      const dear = await create(sandboxPurchase('dear-shoe'));
      const declinedByUser = await create(
        sandboxPurchase('otp-boot', {
          payment: { payment_method_id: 'pm_card_otp_required', max_charge_cents: 15_000 },
        }),
      );
      const declinedCard = await create(
        sandboxPurchase('declined-boot', {
          payment: { payment_method_id: 'pm_card_declined', max_charge_cents: 15_000 },
        }),
      );
      const missing = await create(
        sandboxPurchase('no-such-page', {
          objective: { product: { product_url: `${SANDBOX}/products/no-such-page` } },
        }),
      );
      const expiring = await create(
        sandboxPurchase('dear-shoe', {
          guardrails: { expires_at: new Date(world.clock.now() + 90 * 60_000).toISOString() },
        }),
      );
      await settle(world);
      await expectBody('POST', `/v1/intents/${declinedByUser}/resume`, 'Intent', {
        user_action: { type: 'otp', completed: false },
      });
      await expectBody('POST', `/v1/intents/${dear}/cancel`, 'Intent', {
        cancellation_reason: 'found it elsewhere',
      });
      for (let round = 0; round < 4; round++) {
        world.clock.advance(60 * 60_000);
        await settle(world);
      }
      const reasons = async (id: string) =>
        (await expectEventsOf(id)).map((e) => e.data.reason).filter(Boolean);
      expect(await reasons(declinedByUser)).toContain('USER_DECLINED');
      expect(await reasons(missing)).toContain('OBSERVATION_FAILED');
      expect((await expectEventsOf(declinedCard)).at(-1)!.type).toBe('intent.failed');
      expect((await expectEventsOf(dear)).at(-1)!.type).toBe('intent.canceled');
      expect((await expectEventsOf(expiring)).at(-1)!.type).toBe('intent.expired');
    });

    it('for a procurement: inventory reports and levels, waiting, the trigger, an invoice receipt', async () => {
      await setProduct(world, 'schema-paper', { price_cents: 450 });
      const trigger = { kind: 'inventory_below', sku: 'schema-paper', threshold: 10 };
      const created = await expectBody('POST', '/v1/intents', 'Intent', {
        type: 'purchase',
        external_user_id: 'warehouse',
        objective: {
          procurement: {
            item: {
              name: 'Paper',
              sku: 'schema-paper',
              product_url: `${SANDBOX}/products/schema-paper`,
            },
            quantity: 20,
          },
        },
        conditions: { trigger },
        payment: { payment_method_id: 'pm_invoice_net_terms', billing_terms: 'net-30' },
      });
      const id = created.body.intent_id as string;
      await expectBody('POST', '/v1/inventory_levels', 'InventoryReportResponse', {
        sku: 'schema-paper',
        quantity: 40,
        location: 'north',
      });
      await expectBody('GET', `/v1/intents/${id}`, 'Intent');
      await expectBody('POST', '/v1/inventory_levels', 'InventoryReportResponse', {
        sku: 'schema-paper',
        quantity: 3,
        location: 'north',
      });
      await expectBody('GET', '/v1/inventory_levels/schema-paper', 'InventoryLevel');
      await settle(world);
      const receipt = await expectBody('GET', `/v1/intents/${id}/receipt`, 'Receipt');
      expect(receipt.body.billing.terms).toBe('net-30');
      const events = await expectEventsOf(id);
      expect(events.map((e) => e.data.reason).filter(Boolean)).toContain(
        'INVENTORY_ABOVE_THRESHOLD',
      );
      expect(events.at(-1)!.type).toBe('intent.succeeded');
    });

    it('for a purchase whose merchant needs a shipping address (identity)', async () => {
      const id = (
        await expectBody('POST', '/v1/intents', 'Intent', sandboxPurchase('oak-desk-shipped'))
      ).body.intent_id as string;
      await settle(world);
      const asked = await expectBody('GET', `/v1/intents/${id}`, 'Intent');
      expect(asked.body.next_action.type).toBe('identity');
      await expectBody('POST', `/v1/intents/${id}/resume`, 'Intent', {
        user_action: {
          type: 'identity',
          completed: true,
          data: {
            name: 'Ada Lovelace',
            shipping_address: {
              line1: '1 Way',
              city: 'Austin',
              postal_code: '78701',
              country: 'US',
            },
          },
        },
      });
      await world.engine.executor.idle();
      const receipt = await expectBody('GET', `/v1/intents/${id}/receipt`, 'Receipt');
      expect(receipt.body.ship_to).toEqual({ city: 'Austin', country: 'US' });
      const events = await expectEventsOf(id);
      expect(events.map((e) => e.type)).toContain('execution.needs_user_action');
    });

    it('for a webhook endpoint: its test event, a retry and its deliveries', async () => {
      const hook = await expectBody('POST', '/v1/webhook_endpoints', 'WebhookEndpoint', {
        url: 'http://127.0.0.1:9/hooks',
      });
      const id = hook.body.id as string;
      const sent = await expectBody(
        'POST',
        `/v1/webhook_endpoints/${id}/test`,
        'WebhookTestEventRecord',
      );
      expect(sent.body).toMatchObject({ type: 'webhook.test', data: { endpoint_id: id } });
      await expectBody(
        'POST',
        `/v1/webhook_endpoints/${id}/deliveries/${sent.body.event_id}/retry`,
        'WebhookDeliveryRetry',
      );
      await expectBody('GET', `/v1/webhook_endpoints/${id}/deliveries`, 'WebhookDeliveryList');
    });

    it('for the resolve searches: a product the monitor read, venues, facilities', async () => {
      await setProduct(world, 'resolve-lamp', { name: 'Brass Desk Lamp', price_cents: 9_000 });
      await expectBody('POST', '/v1/intents', 'Intent', sandboxPurchase('resolve-lamp'));
      await settle(world);
      const products = await expectBody('POST', '/v1/resolve/products', 'ResolveProductsResponse', {
        query: 'brass desk lamp',
        allowed_merchants: ['127.0.0.1'],
      });
      expect(products.body.candidates[0]).toMatchObject({
        name: 'Brass Desk Lamp',
        offers: [{ merchant: '127.0.0.1', price_cents: 9_000 }],
      });
      const where = { city: 'Austin', region: 'TX', country: 'US', lat: 30.27, lng: -97.74 };
      const at = { provider: 'resy', address: '1 Main St', external_id: null, ...where };
      await world.engine.catalog.importVenues([{ ...at, name: 'Harbor & Vine' }]);
      await world.engine.catalog.importFacilities([
        { ...at, provider: 'usps', name: 'Austin Post Office', kinds: ['passport'] },
      ]);
      const venues = await expectBody('POST', '/v1/resolve/venues', 'ResolveVenuesResponse', {
        query: 'harbor',
        location: { lat: 30.27, lng: -97.74, radius_miles: 1 },
      });
      expect(venues.body.candidates).toHaveLength(1);
      const facilities = await expectBody(
        'POST',
        '/v1/resolve/appointment-facilities',
        'ResolveFacilitiesResponse',
        { kind: 'passport', location: { city: 'Austin' } },
      );
      expect(facilities.body.candidates).toHaveLength(1);
    });

    it('for an assisted purchase the user confirms', async () => {
      world = await newWorld({ sandboxConnector: false });
      await setProduct(world, 'shop-shoe', { price_cents: 9_000 });
      const id = (await expectBody('POST', '/v1/intents', 'Intent', sandboxPurchase('shop-shoe')))
        .body.intent_id as string;
      await settle(world);
      await expectBody('POST', `/v1/intents/${id}/resume`, 'Intent', {
        user_action: {
          type: 'confirmation',
          completed: true,
          data: { order_id: 'A-100', total_charged_cents: 9_500 },
        },
      });
      const receipt = await expectBody('GET', `/v1/intents/${id}/receipt`, 'Receipt');
      expect(receipt.body).toMatchObject({ method: 'assisted', payment: null });
      expect((await expectEventsOf(id)).at(-1)!.type).toBe('intent.succeeded');
    });
  });
});
