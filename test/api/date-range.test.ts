import { describe, expect, it } from 'vitest';
import type { Fetcher } from '../../engine/index';
import { createMonitor } from '../../engine/monitor/monitor';
import { intentBody, testApi } from '../support/api';

const MINUTE = 60_000;
const PAGE = `<!doctype html><html><head><script type="application/ld+json">
{"@context":"https://schema.org","@type":"Product","name":"Trail runner","sku":"tr-1",
"offers":{"@type":"Offer","price":"80.00","priceCurrency":"USD","availability":"https://schema.org/InStock"}}
</script></head><body><h1>Trail runner</h1></body></html>`;

/** The API and a monitor on one fake clock (2026-11-22T10:00Z); the page always satisfies the conditions. */
async function setup() {
  const api = await testApi();
  let fetches = 0;
  const fetcher: Fetcher = {
    async fetch({ url }) {
      fetches++;
      return { status: 200, url, headers: {}, body: PAGE };
    },
  };
  const executed: string[] = [];
  const monitor = createMonitor(api.engine.ctx, {
    fetcherFor: () => fetcher,
    intervalMs: MINUTE,
    jitter: 0,
    onExecute: (id) => void executed.push(id),
  });
  const create = async (conditions: Record<string, unknown>) => {
    const res = await api.call('POST', '/v1/intents', {
      body: intentBody({
        conditions: { max_price_cents: 12_000, currency: 'USD', ...conditions },
      }),
    });
    expect(res.status).toBe(201);
    return res.body.intent_id as string;
  };
  const get = async (id: string) => (await api.call('GET', `/v1/intents/${id}`)).body;
  const reasons = async (id: string) =>
    (await api.call('GET', `/v1/intents/${id}/events`)).body.events
      .filter((e: { type: string }) => e.type === 'intent.waiting')
      .map((e: { data: { reason: string } }) => e.data.reason);
  return { api, monitor, executed, create, get, reasons, fetches: () => fetches };
}

// In New York, 2026-11-24 begins at 05:00Z (EST, UTC-5); 2026-11-25 ends at 2026-11-26T05:00Z.
const NEW_YORK_RANGE = {
  date_range: { start: '2026-11-24', end: '2026-11-25' },
  time_zone: 'America/New_York',
};

describe('conditions.date_range and conditions.time_zone', () => {
  it('are stored and returned as given', async () => {
    const { create, get } = await setup();
    const id = await create(NEW_YORK_RANGE);
    expect((await get(id)).conditions).toMatchObject(NEW_YORK_RANGE);
  });

  it('run to the last date there is (9999-12-31), in any zone', async () => {
    const { api, create, get } = await setup();
    const date_range = { start: '2026-12-01', end: '9999-12-31' };
    const id = await create({ date_range, time_zone: 'Pacific/Kiritimati' });
    expect((await get(id)).conditions.date_range).toEqual(date_range);
    const last = await api.call('POST', '/v1/intents', {
      body: intentBody({
        conditions: { date_range: { start: '9999-12-31', end: '9999-12-31' } },
        guardrails: { expires_at: '9999-12-31T12:00:00Z' },
      }),
    });
    expect(last.status).toBe(201);
  });

  it('refuse a range or windows that begin only once the intent has expired, or windows all over', async () => {
    const { api } = await setup();
    const refused = async (overrides: Record<string, unknown>) => {
      const res = await api.call('POST', '/v1/intents', { body: intentBody(overrides) });
      expect(res.status).toBe(400);
      return res.body.error;
    };
    const guardrails = { expires_at: '2026-12-10T00:00:00Z' };
    expect(
      await refused({
        conditions: { date_range: { start: '2026-12-10', end: '2026-12-12' } },
        guardrails,
      }),
    ).toMatchObject({ param: 'conditions.date_range.start' });
    expect(
      await refused({
        conditions: {
          time_windows: [{ start: '2026-12-11T09:00:00Z', end: '2026-12-11T17:00:00Z' }],
        },
        guardrails,
      }),
    ).toMatchObject({ param: 'conditions.time_windows' });
    expect(
      await refused({
        conditions: {
          time_windows: [
            { start: '2026-11-20T09:00:00Z', end: '2026-11-20T17:00:00Z' },
            { start: '2026-11-21T09:00:00Z', end: '2026-11-22T10:00:00Z' },
          ],
        },
      }),
    ).toMatchObject({ param: 'conditions.time_windows', message: expect.stringMatching(/ended/) });
    const open = await api.call('POST', '/v1/intents', {
      body: intentBody({
        conditions: {
          time_windows: [
            { start: '2026-11-20T09:00:00Z', end: '2026-11-20T17:00:00Z' },
            { start: '2026-12-09T09:00:00Z', end: '2026-12-11T17:00:00Z' },
          ],
        },
        guardrails,
      }),
    });
    expect(open.status).toBe(201);
  });

  it('refuse an unknown time zone, a zone without a range, and a range that has ended', async () => {
    const { api } = await setup();
    const refused = async (conditions: Record<string, unknown>) => {
      const res = await api.call('POST', '/v1/intents', { body: intentBody({ conditions }) });
      expect(res.status).toBe(400);
      return res.body.error;
    };
    expect(
      await refused({
        date_range: { start: '2026-12-01', end: '2026-12-02' },
        time_zone: 'Mars/Olympus',
      }),
    ).toMatchObject({ param: 'conditions.time_zone' });
    expect(await refused({ time_zone: 'Europe/Paris' })).toMatchObject({
      param: 'conditions.time_zone',
    });
    expect(await refused({ date_range: { start: '2020-01-01', end: '2020-01-31' } })).toMatchObject(
      { param: 'conditions.date_range.end' },
    );
    expect(await refused({ date_range: { start: '2026-12-02', end: '2026-12-01' } })).toMatchObject(
      { param: 'conditions.date_range.end' },
    );
  });

  it('waits with OUTSIDE_DATE_RANGE before the range without reading the page, then buys from local midnight', async () => {
    const { api, monitor, executed, create, get, reasons, fetches } = await setup();
    const id = await create(NEW_YORK_RANGE);
    await monitor.round();
    expect(await get(id)).toMatchObject({ status: 'waiting' });
    expect(await reasons(id)).toEqual(['OUTSIDE_DATE_RANGE']);
    expect(fetches()).toBe(0);

    // Rounds before the range do nothing: the watch is due at the range's start.
    for (let i = 0; i < 5; i++) {
      api.clock.advance(10 * MINUTE);
      await monitor.round();
    }
    // 23:59:59 on the 23rd in New York (04:59:59Z on the 24th): still before the range.
    api.clock.set(Date.parse('2026-11-24T04:59:59Z'));
    await monitor.round();
    expect(fetches()).toBe(0);
    expect(await reasons(id)).toEqual(['OUTSIDE_DATE_RANGE']);
    expect(executed).toEqual([]);

    // Midnight in New York: the page is read and the purchase starts.
    api.clock.set(Date.parse('2026-11-24T05:00:00Z'));
    await monitor.round();
    expect(fetches()).toBe(1);
    expect(executed).toEqual([id]);
  });

  it('reads the range in UTC by default', async () => {
    const { api, monitor, executed, create } = await setup();
    const id = await create({ date_range: { start: '2026-11-24', end: '2026-11-24' } });
    api.clock.set(Date.parse('2026-11-23T23:59:59Z'));
    await monitor.round();
    expect(executed).toEqual([]);
    api.clock.set(Date.parse('2026-11-24T00:00:00Z'));
    await monitor.round();
    expect(executed).toEqual([id]);
  });

  it('expires the intent when the range has ended (local midnight after its last day)', async () => {
    const { api, monitor, executed, create, get } = await setup();
    const id = await create(NEW_YORK_RANGE);
    api.clock.set(Date.parse('2026-11-26T04:59:59Z'));
    await monitor.round();
    expect(executed).toEqual([id]);
    const later = await create(NEW_YORK_RANGE);
    api.clock.set(Date.parse('2026-11-26T05:00:00Z'));
    await monitor.round();
    expect(await get(later)).toMatchObject({ status: 'expired' });
  });

  it('needs time_windows to hold too inside the range', async () => {
    const { api, monitor, executed, create, reasons } = await setup();
    const id = await create({
      ...NEW_YORK_RANGE,
      time_windows: [{ start: '2026-11-25T15:00:00Z', end: '2026-11-25T16:00:00Z' }],
    });
    api.clock.set(Date.parse('2026-11-24T06:00:00Z'));
    await monitor.round();
    expect(await reasons(id)).toEqual(['OUTSIDE_TIME_WINDOW']);
    api.clock.set(Date.parse('2026-11-25T15:30:00Z'));
    await monitor.round();
    expect(executed).toEqual([id]);
  });
});

describe('conditions.strategy', () => {
  it('accepts lowest_price and earliest_available and returns them', async () => {
    const { create, get } = await setup();
    for (const strategy of ['lowest_price', 'earliest_available']) {
      const id = await create({ strategy });
      expect((await get(id)).conditions.strategy).toBe(strategy);
    }
  });

  it('refuses any other value with a 400 naming the allowed ones', async () => {
    const { api } = await setup();
    const res = await api.call('POST', '/v1/intents', {
      body: intentBody({ conditions: { strategy: 'cheapest' } }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.param).toBe('conditions.strategy');
    expect(res.body.error.message).toContain('lowest_price');
    expect(res.body.error.message).toContain('earliest_available');
  });

  it('means the same on a single product_url: the one offer is bought when its conditions hold', async () => {
    const { monitor, executed, create } = await setup();
    const ids = [
      await create({ strategy: 'lowest_price' }),
      await create({ strategy: 'earliest_available' }),
    ];
    await monitor.round();
    expect(executed.sort()).toEqual([...ids].sort());
  });
});
