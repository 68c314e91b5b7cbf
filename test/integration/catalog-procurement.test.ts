import { describe, expect, it } from 'vitest';
import { sighting } from '../support/catalog';
import { procurementBody } from '../support/procurement';
import { call, newWorld, ordersOf, SANDBOX, setProduct, settle } from '../support/world';

describe('procurement finds its supplier in the catalog', () => {
  it('an item with no page and no merchant is bought at the catalog’s offer of its sku', async () => {
    const world = await newWorld();
    await setProduct(world, 'catalog-paper', { price_cents: 450 });
    const body = procurementBody({
      objective: {
        procurement: { item: { name: 'Printer paper', sku: 'catalog-paper' }, quantity: 20 },
      },
      conditions: { trigger: { kind: 'inventory_below', sku: 'catalog-paper', threshold: 10 } },
    });
    const unknown = (await call(world, 'POST', '/v1/intents', body)).body.intent_id as string;
    await call(world, 'POST', '/v1/inventory_levels', { sku: 'catalog-paper', quantity: 5 });
    expect((await call(world, 'GET', `/v1/intents/${unknown}`)).body.status).toBe('waiting');

    await world.engine.catalog.importProducts([
      sighting({
        name: 'Printer paper A4, 500 sheets',
        identifiers: { gtin: null, mpn: null, sku: 'catalog-paper' },
        offer: {
          merchant: '127.0.0.1',
          url: `${SANDBOX}/products/catalog-paper`,
          sku: 'catalog-paper',
          price_cents: 450,
        },
      }),
    ]);
    await call(world, 'POST', '/v1/intents/' + unknown + '/cancel', {});
    const id = (await call(world, 'POST', '/v1/intents', body)).body.intent_id as string;
    const fired = await call(world, 'POST', '/v1/inventory_levels', {
      sku: 'catalog-paper',
      quantity: 4,
    });
    expect(fired.body.triggered_intents).toEqual([id]);
    await settle(world);
    expect((await call(world, 'GET', `/v1/intents/${id}`)).body.status).toBe('succeeded');
    expect(ordersOf(world, 'catalog-paper')).toHaveLength(1);
  });
});
