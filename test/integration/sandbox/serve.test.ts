import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxMerchant } from '../../../server/sandbox-merchant/index';
import { acpHeaders, createBody, delegateBody, newKey, payWith, type Json } from './helpers';

describe('sandbox merchant over a real port', () => {
  let sandbox: Awaited<ReturnType<typeof startSandboxMerchant>>;
  beforeAll(async () => {
    sandbox = await startSandboxMerchant({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => sandbox.close());

  const post = async (path: string, body: unknown, key = newKey()) => {
    const res = await fetch(`${sandbox.url}${path}`, {
      method: 'POST',
      headers: acpHeaders(key),
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };

  it('serves pages and buys with merchant id 127.0.0.1; a dropped response is reconciled by GET', async () => {
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const page = await fetch(`${sandbox.url}/products/trail-runner-42`);
    expect(await page.text()).toContain(`"url":"${sandbox.url}/products/trail-runner-42"`);

    const session = await post('/checkout_sessions', createBody());
    expect(session.status).toBe(201);
    const total = (session.body.totals as Json[]).find((t) => t.type === 'total')!.amount;
    const token = await post(
      '/agentic_commerce/delegate_payment',
      delegateBody(
        'pm_card_visa',
        { checkout_session_id: session.body.id, max_amount: total, merchant_id: '127.0.0.1' },
        Date.now(),
      ),
    );
    expect(token.status).toBe(201);

    await fetch(`${sandbox.url}/_control/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ next: [{ op: 'complete', kind: 'drop_connection_after_commit' }] }),
    });
    await expect(
      post(`/checkout_sessions/${session.body.id}/complete`, payWith(token.body.id)),
    ).rejects.toThrow();

    const got = await fetch(`${sandbox.url}/checkout_sessions/${session.body.id}`, {
      headers: acpHeaders(),
    });
    const reconciled = (await got.json()) as Json;
    expect(reconciled.status).toBe('completed');
    expect(reconciled.order.permalink_url).toMatch(new RegExp(`^${sandbox.url}/orders/ord_`));
    const orders = (await (await fetch(`${sandbox.url}/_control/orders`)).json()) as Json;
    expect(orders.data).toHaveLength(1);
    expect(sandbox.state.orders).toHaveLength(1);
  });
});
