import { describe, expect, it } from 'vitest';
import type { Fetcher } from '../../../engine/index';
import { createMonitor } from '../../../engine/monitor/monitor';
import { intentBody, testApi } from '../../support/api';

const MINUTE = 60_000;
const PAGE = `<!doctype html><html><head><script type="application/ld+json">
{"@context":"https://schema.org","@type":"Product","name":"Kettle","sku":"k-1",
"offers":{"@type":"Offer","price":"80.00","priceCurrency":"USD","availability":"https://schema.org/InStock"}}
</script></head><body><h1>Kettle</h1></body></html>`;

/** A monitor whose page fetch takes `fetchMs` of (fake) time; the page always satisfies the conditions. */
async function slowFetchSetup(fetchMs: number) {
  const api = await testApi();
  const fetcher: Fetcher = {
    async fetch({ url }) {
      api.clock.advance(fetchMs);
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
  return { api, monitor, executed };
}

describe('monitor decisions use the time they are taken at', () => {
  it('does not start an execution when expires_at passed while the page was being fetched', async () => {
    const { api, monitor, executed } = await slowFetchSetup(MINUTE);
    const expiresAt = new Date(api.clock.now() + 30_000).toISOString();
    const created = await api.call('POST', '/v1/intents', {
      body: intentBody({ guardrails: { expires_at: expiresAt } }),
    });
    expect(created.status).toBe(201);
    await monitor.round();
    const intent = (await api.call('GET', `/v1/intents/${created.body.intent_id}`)).body;
    expect(intent.status).toBe('expired');
    expect(executed).toEqual([]);
  });

  it('does not start an execution when the time window closed while the page was being fetched', async () => {
    const { api, monitor, executed } = await slowFetchSetup(MINUTE);
    const now = api.clock.now();
    const window = {
      start: new Date(now - MINUTE).toISOString(),
      end: new Date(now + 30_000).toISOString(),
    };
    const created = await api.call('POST', '/v1/intents', {
      body: intentBody({
        conditions: { max_price_cents: 12_000, currency: 'USD', time_windows: [window] },
      }),
    });
    expect(created.status).toBe(201);
    await monitor.round();
    const intent = (await api.call('GET', `/v1/intents/${created.body.intent_id}`)).body;
    expect(intent.status).toBe('waiting');
    expect(executed).toEqual([]);
  });

  it('still executes when the conditions hold at the time of deciding', async () => {
    const { api, monitor, executed } = await slowFetchSetup(1_000);
    const created = await api.call('POST', '/v1/intents', { body: intentBody() });
    await monitor.round();
    expect(executed).toEqual([created.body.intent_id]);
  });
});
