/**
 * What the server prints (stdout and stderr, as an operator's log collector would keep them)
 * while a partner buys with an OTP: never the partner's key, the codes or the request bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/server-process';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

describe("the server's output during a purchase with an OTP", () => {
  it('never shows the API key, the OTP codes or anything from the request bodies', async () => {
    // A key the server never printed (the first test key is printed once at start, by design).
    const created = await runCli([
      'keys',
      'create',
      '--partner',
      'quiet-co',
      '--data',
      stack.dataDir,
    ]);
    const key = created.stdout.trim().split('\n').at(-1)!;
    expect(key).toMatch(/^sk_test_/);
    let sent = 0;
    const api = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${stack.server.baseUrl}/v1${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${key}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': `idem-${sent++}-3b9f1e`,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };

    const reach = (id: string, status: string) =>
      stack.until(
        async () =>
          (await api('GET', `/intents/${id}`)).body.status === status ? true : undefined,
        20_000,
        status,
      );

    const item = await stack.product({ price_cents: 11_000 });
    const secrets = {
      user: 'user-ext-5d02c1a7',
      metadata: 'order-note-ce81f4',
      reason: 'changed-mind-77ad20',
      wrongCode: '271828',
      rightCode: '000000',
    };
    const intent = await api('POST', '/intents', {
      type: 'purchase',
      external_user_id: secrets.user,
      objective: { product: { product_url: item.url } },
      conditions: { availability: 'in_stock', max_price_cents: 12_000, currency: 'USD' },
      payment: { payment_method_id: 'pm_card_otp_required', max_charge_cents: 15_000 },
      metadata: { note: secrets.metadata },
    });
    expect(intent.status).toBe(201);
    const id = intent.body.intent_id as string;
    // Error paths log more often than happy ones: a refused body, a wrong code, a bad cancel.
    expect(
      (await api('POST', '/intents', { external_user_id: secrets.user, extra: secrets.metadata }))
        .status,
    ).toBe(400);
    await reach(id, 'requires_user_action');
    const wrong = await api('POST', `/intents/${id}/resume`, {
      user_action: { type: 'otp', completed: true, code: secrets.wrongCode },
    });
    expect(wrong.body.error.code).toBe('incorrect_code');
    const right = await api('POST', `/intents/${id}/resume`, {
      user_action: { type: 'otp', completed: true, code: secrets.rightCode },
    });
    expect(right.status).toBe(200);
    await reach(id, 'succeeded');
    expect(
      (await api('POST', `/intents/${id}/cancel`, { cancellation_reason: secrets.reason })).status,
    ).toBe(409);
    expect(await stack.server.stop('SIGTERM')).toBe(0); // shutdown messages too

    const output = stack.server.output();
    expect(output).toContain('Ready.');
    expect(output).toContain('SIGTERM: shutting down');
    for (const [name, value] of Object.entries({
      key,
      keyHashPrefix: key.slice(8),
      ...secrets,
      idempotency: '3b9f1e',
    })) {
      expect([name, output.includes(value)]).toEqual([name, false]);
    }
    expect(output).not.toContain(item.sku);
  }, 120_000);
});
