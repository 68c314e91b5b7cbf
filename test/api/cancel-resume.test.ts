import { describe, expect, it } from 'vitest';
import { applyTransition } from '../../engine/index';
import { intentBody, testApi } from '../support/api';

async function created() {
  const api = await testApi();
  const res = await api.call('POST', '/v1/intents', { body: intentBody() });
  return { ...api, id: res.body.intent_id as string };
}

/** Drives an intent to requires_user_action through the state machine, as the executor will. */
async function awaitingOtp() {
  const api = await created();
  const { ctx } = api.engine;
  await ctx.store.transact(async (tx) => {
    await applyTransition(tx, ctx, api.id, 'start_execution', { attempt: 1 });
    await applyTransition(
      tx,
      ctx,
      api.id,
      'needs_user_action',
      { action_type: 'otp', instructions: 'Enter the code sent by your bank.' },
      {
        next_action: {
          type: 'otp',
          instructions: 'Enter the code sent by your bank.',
          expires_at: null,
        },
      },
    );
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
    expect(again.body.error.code).toBe('intent_not_cancelable');
    expect(await eventTypes(call, id)).toEqual(['intent.created', 'intent.canceled']);
  });

  it('cancels while waiting for the user and clears next_action', async () => {
    const { call, id } = await awaitingOtp();
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
    const { call, id } = await awaitingOtp();
    const res = await call('POST', `/v1/intents/${id}/resume`, {
      body: { user_action: { type: '3ds', completed: true } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'parameter_invalid', param: 'user_action.type' });
  });

  it('validates the body', async () => {
    const { call, id } = await awaitingOtp();
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
    const { call, id } = await awaitingOtp();
    const res = await call('POST', `/v1/intents/${id}/resume`, {
      body: { user_action: { type: 'otp', completed: false } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'waiting', next_action: null });
    const events = (await call('GET', `/v1/intents/${id}/events`)).body.events;
    expect(events.at(-1)).toMatchObject({
      type: 'intent.waiting',
      data: { reason: 'USER_DECLINED' },
    });
  });

  it('never stores the OTP anywhere', async () => {
    const { call, id, engine } = await awaitingOtp();
    await call('POST', `/v1/intents/${id}/resume`, {
      body: { user_action: { type: 'otp', completed: true, code: '914276' } },
    });
    const dump = JSON.stringify([
      await engine.ctx.store.query('events', { index: 'by_intent', prefix: [id] }),
      await engine.ctx.store.get('intents', id),
    ]);
    expect(dump).not.toContain('914276');
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
