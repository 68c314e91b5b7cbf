import { describe, expect, it } from 'vitest';
import { applyTransition } from '../../engine/index';
import type { WatchDoc } from '../../engine/schemas/watch';
import { intentBody, testApi } from '../support/api';

async function created() {
  const api = await testApi();
  const res = await api.call('POST', '/v1/intents', { body: intentBody() });
  return { ...api, id: res.body.intent_id as string };
}

/**
 * Drives an intent to requires_user_action the way the monitor does: conditions hold, an attempt
 * opens, and with no API connector for the merchant the assisted flow asks the user to confirm.
 */
async function awaitingConfirmation() {
  const api = await created();
  const { ctx } = api.engine;
  await ctx.store.transact(async (tx) => {
    const observation = {
      price_cents: 9_900,
      currency: 'USD',
      availability: 'in_stock' as const,
      merchant: 'shop.example.com',
      observed_at: '2026-11-22T10:00:00.000Z',
      source: 'json-ld',
    };
    const applied = await applyTransition(
      tx,
      ctx,
      api.id,
      'start_execution',
      { attempt: 1 },
      {
        last_observation: observation,
        latest_execution: {
          attempt: 1,
          step: 'create_checkout',
          status: 'running',
          total_cents: null,
          merchant: 'shop.example.com',
          last_error: null,
        },
      },
    );
    const watch = (await tx.get<WatchDoc>('watches', applied!.intent.watch_id!))!;
    await api.engine.executor.open(tx, applied!.intent, {
      ...watch,
      last_observation: observation,
      offer_sku: 'trail-runner',
    });
  });
  return api;
}

const eventTypes = async (call: Awaited<ReturnType<typeof testApi>>['call'], id: string) =>
  (await call('GET', `/v1/intents/${id}/events`)).body.events.map((e: { type: string }) => e.type);

describe('POST /v1/intents/{id}/cancel', () => {
  it('cancels an active intent and records intent.canceled', async () => {
    const { call, id } = await created();
    const res = await call('POST', `/v1/intents/${id}/cancel`, {
      body: { cancellation_reason: 'changed my mind' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'intent', intent_id: id, status: 'canceled' });
    const events = (await call('GET', `/v1/intents/${id}/events`)).body.events;
    expect(events.at(-1)).toMatchObject({
      type: 'intent.canceled',
      data: { previous_status: 'active', cancellation_reason: 'changed my mind' },
    });
  });

  it('works with no body at all', async () => {
    const { call, id } = await created();
    expect((await call('POST', `/v1/intents/${id}/cancel`)).status).toBe(200);
  });

  it('answers 409 intent_not_cancelable in a terminal state, with no new event', async () => {
    const { call, id } = await created();
    await call('POST', `/v1/intents/${id}/cancel`);
    const again = await call('POST', `/v1/intents/${id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'intent_not_cancelable',
      message: 'This intent has ended (canceled) and can no longer be canceled.',
    });
    expect(await eventTypes(call, id)).toEqual(['intent.created', 'intent.canceled']);
  });

  it('cancels while waiting for the user and clears next_action', async () => {
    const { call, id } = await awaitingConfirmation();
    const res = await call('POST', `/v1/intents/${id}/cancel`);
    expect(res.body).toMatchObject({ status: 'canceled', next_action: null });
  });

  it('answers 400 parameter_unknown for unknown body fields', async () => {
    const { call, id } = await created();
    const res = await call('POST', `/v1/intents/${id}/cancel`, { body: { reason: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'parameter_unknown', param: 'reason' });
  });
});

describe('POST /v1/intents/{id}/resume', () => {
  it('answers 409 intent_not_resumable unless requires_user_action', async () => {
    const { call, id } = await created();
    const res = await call('POST', `/v1/intents/${id}/resume`, {
      body: { user_action: { type: 'otp', completed: true, code: '000000' } },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('intent_not_resumable');
  });

  it('answers 400 when the action type does not match next_action', async () => {
    const { call, id } = await awaitingConfirmation();
    const res = await call('POST', `/v1/intents/${id}/resume`, {
      body: { user_action: { type: '3ds', completed: true } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'parameter_invalid', param: 'user_action.type' });
  });

  it('validates the body', async () => {
    const { call, id } = await awaitingConfirmation();
    const missing = await call('POST', `/v1/intents/${id}/resume`, { body: {} });
    expect(missing.body.error).toMatchObject({ code: 'parameter_missing', param: 'user_action' });
    const noCompleted = await call('POST', `/v1/intents/${id}/resume`, {
      body: { user_action: { type: 'otp' } },
    });
    expect(noCompleted.body.error).toMatchObject({
      code: 'parameter_missing',
      param: 'user_action.completed',
    });
  });

  it('returns to waiting with USER_DECLINED when the user declines', async () => {
    const { call, id } = await awaitingConfirmation();
    const res = await call('POST', `/v1/intents/${id}/resume`, {
      body: { user_action: { type: 'confirmation', completed: false } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'waiting', next_action: null });
    const events = (await call('GET', `/v1/intents/${id}/events`)).body.events;
    expect(events.at(-1)).toMatchObject({
      type: 'intent.waiting',
      data: { reason: 'USER_DECLINED' },
    });
  });

  it('asks the user to buy at the merchant when there is no API, with clear instructions', async () => {
    const { call, id } = await awaitingConfirmation();
    const intent = (await call('GET', `/v1/intents/${id}`)).body;
    expect(intent.status).toBe('requires_user_action');
    expect(intent.next_action.type).toBe('confirmation');
    expect(intent.next_action.instructions).toContain(
      'https://shop.example.com/products/trail-runner',
    );
    const events = (await call('GET', `/v1/intents/${id}/events`)).body.events;
    expect(events.at(-1)).toMatchObject({
      type: 'execution.needs_user_action',
      data: { action_type: 'confirmation' },
    });
  });

  it('succeeds with a signed receipt when the user confirms the purchase', async () => {
    const { call, id } = await awaitingConfirmation();
    const res = await call('POST', `/v1/intents/${id}/resume`, {
      body: {
        user_action: {
          type: 'confirmation',
          completed: true,
          data: { order_id: 'SHOP-123', total_charged_cents: 10_500 },
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('succeeded');
    expect(res.body.receipt_id).toMatch(/^rcpt_/);
    const receipt = await call('GET', `/v1/intents/${id}/receipt`);
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({
      object: 'receipt',
      intent_id: id,
      merchant: 'shop.example.com',
      order: { id: 'SHOP-123' },
      totals: { total_charged_cents: 10_500 },
      signature: { alg: 'EdDSA' },
    });
    const succeeded = (await call('GET', `/v1/intents/${id}/events`)).body.events.at(-1);
    expect(succeeded).toMatchObject({
      type: 'intent.succeeded',
      data: {
        merchant: 'shop.example.com',
        total_charged_cents: 10_500,
        currency: 'USD',
        receipt_id: res.body.receipt_id,
      },
    });
  });

  it('refuses a reported total above max_charge_cents', async () => {
    const { call, id } = await awaitingConfirmation();
    const res = await call('POST', `/v1/intents/${id}/resume`, {
      body: {
        user_action: {
          type: 'confirmation',
          completed: true,
          data: { total_charged_cents: 99_999 },
        },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.param).toBe('user_action.data.total_charged_cents');
    expect((await call('GET', `/v1/intents/${id}`)).body.status).toBe('requires_user_action');
  });

  it('refuses a report it would have to ignore or cannot record, naming the field', async () => {
    const { call, id } = await awaitingConfirmation();
    const refused: [Record<string, unknown>, string, string][] = [
      [{ data: { total_charged_cents: -1 } }, 'parameter_invalid', 'data.total_charged_cents'],
      [{ data: { total_charged_cents: 12.5 } }, 'parameter_invalid', 'data.total_charged_cents'],
      [{ data: { total_charged_cents: '100' } }, 'parameter_invalid', 'data.total_charged_cents'],
      [{ data: { total_charged_cents: null } }, 'parameter_invalid', 'data.total_charged_cents'],
      [{ data: { order_id: 5 } }, 'parameter_invalid', 'data.order_id'],
      [{ data: { order_id: '' } }, 'parameter_invalid', 'data.order_id'],
      [{ data: { order_id: 'x'.repeat(201) } }, 'parameter_invalid', 'data.order_id'],
      [{ data: { foo: 1 } }, 'parameter_unknown', 'data.foo'],
      [{ code: '123' }, 'parameter_unknown', 'code'],
    ];
    for (const [answer, code, param] of refused) {
      const res = await call('POST', `/v1/intents/${id}/resume`, {
        body: { user_action: { type: 'confirmation', completed: true, ...answer } },
      });
      expect(res.status, JSON.stringify(answer)).toBe(400);
      expect(res.body.error).toMatchObject({ code, param: `user_action.${param}` });
    }
    expect((await call('GET', `/v1/intents/${id}`)).body.status).toBe('requires_user_action');
  });

  it('refuses data with an OTP or a 3DS answer, and a code with a 3DS one', async () => {
    const { call, id } = await awaitingConfirmation();
    for (const [answer, param] of [
      [{ type: 'otp', code: '000000', data: { x: 1 } }, 'user_action.data'],
      [{ type: '3ds', data: {} }, 'user_action.data'],
      [{ type: '3ds', code: '000000' }, 'user_action.code'],
    ] as const) {
      const res = await call('POST', `/v1/intents/${id}/resume`, {
        body: { user_action: { completed: true, ...answer } },
      });
      expect(res.status, JSON.stringify(answer)).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'parameter_unknown', param });
    }
  });
});

describe('GET /v1/intents/{id}/receipt', () => {
  it('answers 404 receipt_not_available before success', async () => {
    const { call, id } = await created();
    const res = await call('GET', `/v1/intents/${id}/receipt`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('receipt_not_available');
  });

  it('answers 404 resource_missing for an unknown intent', async () => {
    const { call } = await testApi();
    const res = await call('GET', '/v1/intents/int_nope/receipt');
    expect(res.body.error.code).toBe('resource_missing');
  });
});

describe('GET /v1/intents/{id}', () => {
  it('answers the intent with a request id', async () => {
    const { call, id } = await created();
    const res = await call('GET', `/v1/intents/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ intent_id: id, status: 'active' });
    expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
  });

  it('answers 404 resource_missing with the param', async () => {
    const { call } = await testApi();
    const res = await call('GET', '/v1/intents/int_nope');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'intent_id',
    });
  });
});
