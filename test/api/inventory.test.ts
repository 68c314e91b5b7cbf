import { describe, expect, it } from 'vitest';
import { testApi } from '../support/api';
import { procurementBody } from '../support/procurement';

type Api = Awaited<ReturnType<typeof testApi>>;

const report = (api: Api, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api.call('POST', '/v1/inventory_levels', { body, headers });

async function procurement(api: Api, overrides: Record<string, unknown> = {}) {
  const res = await api.call('POST', '/v1/intents', { body: procurementBody(overrides) });
  expect(res.status).toBe(201);
  return res.body.intent_id as string;
}

const intentOf = async (api: Api, id: string) => (await api.call('GET', `/v1/intents/${id}`)).body;
const eventsOf = async (api: Api, id: string) =>
  (await api.call('GET', `/v1/intents/${id}/events`)).body.events as {
    type: string;
    data: Record<string, unknown>;
  }[];

describe('POST /v1/inventory_levels', () => {
  it('stores a report: 201 with its id, applied, and nothing triggered', async () => {
    const api = await testApi();
    const res = await report(api, { sku: 'PAPER-A4', quantity: 40, location: 'berlin' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: 'inventory_report',
      sku: 'PAPER-A4',
      quantity: 40,
      location: 'berlin',
      observed_at: '2026-11-22T10:00:00.000Z',
      applied: true,
      triggered_intents: [],
      livemode: false,
    });
    expect(res.body.report_id).toMatch(/^invr_/);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['sku missing', { quantity: 1 }, 'parameter_missing', 'sku'],
    ['sku empty', { sku: '', quantity: 1 }, 'parameter_invalid', 'sku'],
    ['quantity missing', { sku: 'A' }, 'parameter_missing', 'quantity'],
    ['quantity negative', { sku: 'A', quantity: -1 }, 'parameter_invalid', 'quantity'],
    ['quantity not an integer', { sku: 'A', quantity: 1.5 }, 'parameter_invalid', 'quantity'],
    [
      'observed_at not a timestamp',
      { sku: 'A', quantity: 1, observed_at: 'yesterday' },
      'parameter_invalid',
      'observed_at',
    ],
    [
      'observed_at in the future, past 5 minutes of clock skew',
      { sku: 'A', quantity: 1, observed_at: '2026-11-22T10:05:00.001Z' },
      'parameter_invalid',
      'observed_at',
    ],
    ['location empty', { sku: 'A', quantity: 1, location: '' }, 'parameter_invalid', 'location'],
    [
      'an unknown field',
      { sku: 'A', quantity: 1, warehouse: 'x' },
      'parameter_unknown',
      'warehouse',
    ],
  ])('refuses %s: 400 %s naming %s', async (_what, body, code, param) => {
    const api = await testApi();
    const res = await report(api, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code, param });
  });

  it('takes a count dated inside the clock skew, and a refused one leaves no report or level', async () => {
    const api = await testApi();
    const ahead = await report(api, { sku: 'B', quantity: 4, observed_at: '2026-11-22T10:05:00Z' });
    expect(ahead.status).toBe(201);
    const far = await report(api, { sku: 'C', quantity: 1, observed_at: '2099-01-01T00:00:00Z' });
    expect(far.status).toBe(400);
    expect((await api.call('GET', '/v1/inventory_levels/C')).status).toBe(404);
  });

  it('replays a report sent again with the same Idempotency-Key, storing it once', async () => {
    const api = await testApi();
    const first = await report(api, { sku: 'A', quantity: 5 }, { 'Idempotency-Key': 'inv-1' });
    const again = await report(api, { sku: 'A', quantity: 5 }, { 'Idempotency-Key': 'inv-1' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.report_id).toBe(first.body.report_id);
    const conflict = await report(api, { sku: 'A', quantity: 6 }, { 'Idempotency-Key': 'inv-1' });
    expect(conflict.status).toBe(422);
    const level = await api.call('GET', '/v1/inventory_levels/A');
    expect(level.body.reports).toHaveLength(1);
  });
});

describe('GET /v1/inventory_levels/{sku}', () => {
  it('answers the latest level (summed over locations) and the reports, newest first', async () => {
    const api = await testApi();
    await report(api, { sku: 'A', quantity: 10, location: 'north' });
    api.clock.advance(1000);
    await report(api, { sku: 'A', quantity: 3, location: 'south' });
    api.clock.advance(1000);
    await report(api, { sku: 'A', quantity: 7, location: 'north' });
    const res = await api.call('GET', '/v1/inventory_levels/A');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: 'inventory_level',
      sku: 'A',
      quantity: 10,
      observed_at: '2026-11-22T10:00:02.000Z',
      livemode: false,
    });
    expect(res.body.locations).toHaveLength(2);
    expect(res.body.reports.map((r: { quantity: number }) => r.quantity)).toEqual([7, 3, 10]);
  });

  it('keeps at most the last 100 reports', async () => {
    const api = await testApi();
    for (let i = 0; i < 102; i++) await report(api, { sku: 'A', quantity: i });
    const res = await api.call('GET', '/v1/inventory_levels/A');
    expect(res.body.reports).toHaveLength(100);
    expect(res.body.reports[0].quantity).toBe(101);
  });

  it("answers 404 for an unknown sku, another partner's sku and the other mode's", async () => {
    const api = await testApi();
    await report(api, { sku: 'A', quantity: 1 });
    expect((await api.call('GET', '/v1/inventory_levels/B')).status).toBe(404);
    const other = (await api.engine.keys.create('other')).key;
    const live = (await api.engine.keys.create('acme', true)).key;
    for (const key of [other, live]) {
      const res = await api.call('GET', '/v1/inventory_levels/A', { key });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('resource_missing');
    }
  });
});

describe('procurement triggers', () => {
  it('an inventory level above the threshold: the intent waits with INVENTORY_ABOVE_THRESHOLD and shows the level', async () => {
    const api = await testApi();
    const id = await procurement(api);
    const res = await report(api, { sku: 'PAPER-A4', quantity: 11 });
    expect(res.body.triggered_intents).toEqual([]);
    const intent = await intentOf(api, id);
    expect(intent.status).toBe('waiting');
    expect(intent.last_observation).toMatchObject({
      observed_at: '2026-11-22T10:00:00.000Z',
      source: 'inventory_report',
      inventory: { sku: 'PAPER-A4', quantity: 11, threshold: 10, report_id: res.body.report_id },
    });
    const waiting = (await eventsOf(api, id)).filter((e) => e.type === 'intent.waiting');
    expect(waiting).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ reason: 'INVENTORY_ABOVE_THRESHOLD', quantity: 11 }),
      }),
    ]);
  });

  it('a second report above the threshold updates the level but writes no second event', async () => {
    const api = await testApi();
    const id = await procurement(api);
    await report(api, { sku: 'PAPER-A4', quantity: 30 });
    api.clock.advance(1000);
    await report(api, { sku: 'PAPER-A4', quantity: 20 });
    expect((await intentOf(api, id)).last_observation.inventory.quantity).toBe(20);
    expect((await eventsOf(api, id)).map((e) => e.type)).toEqual([
      'intent.created',
      'intent.waiting',
    ]);
  });

  it('compares the sum of the latest level at each location', async () => {
    const api = await testApi();
    const id = await procurement(api, {
      objective: {
        procurement: {
          item: { name: 'Paper', sku: 'PAPER-A4', product_url: 'https://supplier.example.com/p' },
          quantity: 50,
        },
      },
    });
    await report(api, { sku: 'PAPER-A4', quantity: 6, location: 'north' });
    const south = await report(api, { sku: 'PAPER-A4', quantity: 6, location: 'south' });
    expect(south.body.triggered_intents).toEqual([]);
    expect((await intentOf(api, id)).last_observation.inventory.quantity).toBe(12);
    const fired = await report(api, { sku: 'PAPER-A4', quantity: 2, location: 'north' });
    expect(fired.body.triggered_intents).toEqual([id]);
  });

  it('at the threshold with no supplier known: waits with SUPPLIER_UNKNOWN instead of failing', async () => {
    const api = await testApi();
    const id = await procurement(api);
    const res = await report(api, { sku: 'PAPER-A4', quantity: 10 });
    expect(res.body.triggered_intents).toEqual([]);
    const intent = await intentOf(api, id);
    expect(intent.status).toBe('waiting');
    expect((await eventsOf(api, id)).at(-1)!.data.reason).toBe('SUPPLIER_UNKNOWN');
  });

  it('at or below the threshold with a supplier page: the intent fires, named by the report', async () => {
    const api = await testApi();
    const id = await procurement(api, {
      objective: {
        procurement: {
          item: { name: 'Paper', sku: 'PAPER-A4', product_url: 'https://supplier.example.com/p' },
          quantity: 50,
        },
      },
    });
    const res = await report(api, { sku: 'PAPER-A4', quantity: 4 });
    expect(res.body.triggered_intents).toEqual([id]);
    const again = await report(api, { sku: 'PAPER-A4', quantity: 3 });
    expect(again.body.triggered_intents).toEqual([]);
  });

  it('an out-of-order report older than the latest is stored but does not trigger', async () => {
    const api = await testApi();
    const id = await procurement(api, {
      objective: {
        procurement: {
          item: { name: 'Paper', sku: 'PAPER-A4', product_url: 'https://supplier.example.com/p' },
          quantity: 50,
        },
      },
    });
    await report(api, { sku: 'PAPER-A4', quantity: 80, observed_at: '2026-11-22T09:00:00Z' });
    const old = await report(api, {
      sku: 'PAPER-A4',
      quantity: 2,
      observed_at: '2026-11-22T08:00:00Z',
    });
    expect(old.status).toBe(201);
    expect(old.body).toMatchObject({ applied: false, triggered_intents: [] });
    const level = await api.call('GET', '/v1/inventory_levels/PAPER-A4');
    expect(level.body.quantity).toBe(80);
    expect(level.body.reports).toHaveLength(2);
    const intent = await intentOf(api, id);
    expect(intent.last_observation.inventory.quantity).toBe(80);
  });

  it("does not touch another partner's procurement of the same sku", async () => {
    const api = await testApi();
    const id = await procurement(api);
    const other = (await api.engine.keys.create('other')).key;
    await api.call('POST', '/v1/inventory_levels', {
      key: other,
      body: { sku: 'PAPER-A4', quantity: 0 },
    });
    expect((await intentOf(api, id)).status).toBe('active');
  });

  it('leaves a canceled procurement alone', async () => {
    const api = await testApi();
    const id = await procurement(api);
    await api.call('POST', `/v1/intents/${id}/cancel`);
    await report(api, { sku: 'PAPER-A4', quantity: 50 });
    expect((await intentOf(api, id)).status).toBe('canceled');
  });
});
