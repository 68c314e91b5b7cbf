import { load, startBaseline, startIntentServer, type Load } from './http';

const createBody = JSON.stringify({
  type: 'purchase',
  external_user_id: 'bench_user',
  objective: {
    product: { product_url: 'https://shop.example.com/products/trail-runner', quantity: 1 },
  },
  conditions: { availability: 'in_stock', max_price_cents: 12000, currency: 'USD' },
  guardrails: { allowed_merchants: ['shop.example.com'], expires_at: '2099-01-01T00:00:00Z' },
  payment: { payment_method_id: 'pm_card_visa', max_charge_cents: 15000 },
  metadata: { source: 'bench' },
});

export interface ApiBench {
  baseline: Load;
  create: Load;
  get: Load;
}

/** Create and get throughput through the real HTTP server vs a bare node:http server, same run. */
export async function benchApi(): Promise<ApiBench> {
  const baselineServer = await startBaseline();
  await load({ url: baselineServer.url, duration: 2 }); // warm-up
  const baseline = await load({ url: baselineServer.url });
  await baselineServer.stop();

  const server = await startIntentServer();
  try {
    const headers = { Authorization: `Bearer ${server.key}`, 'Content-Type': 'application/json' };
    await load({
      url: `${server.url}/v1/intents`,
      method: 'POST',
      headers,
      body: createBody,
      duration: 2,
    });
    const create = await load({
      url: `${server.url}/v1/intents`,
      method: 'POST',
      headers,
      body: createBody,
    });
    const created = await fetch(`${server.url}/v1/intents`, {
      method: 'POST',
      headers,
      body: createBody,
    });
    const { intent_id } = (await created.json()) as { intent_id: string };
    await load({ url: `${server.url}/v1/intents/${intent_id}`, headers, duration: 2 });
    const get = await load({ url: `${server.url}/v1/intents/${intent_id}`, headers });
    return { baseline, create, get };
  } finally {
    await server.stop();
  }
}
