import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createBody,
  delegateBody,
  pathOf,
  payWith,
  sandbox,
  type Json,
  type Sandbox,
} from './helpers';

const json = { 'Content-Type': 'application/json' };
const answer = (s: Sandbox, challenge: Json, body: Json) =>
  s.call('POST', pathOf(challenge.acs_url), body, { headers: json });

async function challenged(s: Sandbox, card: 'pm_card_otp_required' | 'pm_card_3ds_required') {
  const ready = await s.ready(card);
  const pending = await s.complete(ready.sessionId, payWith(ready.tokenId));
  expect(pending.status).toBe(200);
  expect(pending.body.status).toBe('authentication_required');
  return { ...ready, challenge: pending.body.authentication_metadata.challenge as Json };
}

describe('sandbox payments: test cards', () => {
  it('pm_card_declined fails with card_declined and leaves the session payable', async () => {
    const s = sandbox();
    const { sessionId, tokenId } = await s.ready('pm_card_declined');
    const declined = await s.complete(sessionId, payWith(tokenId));
    expect([declined.status, declined.body.code]).toEqual([402, 'card_declined']);
    const session = await s.get(`/checkout_sessions/${sessionId}`);
    expect(session.body.status).toBe('ready_for_payment');
    expect(session.body.messages).toContainEqual(
      expect.objectContaining({ type: 'error', code: 'payment_declined' }),
    );
    expect(await s.orders()).toEqual([]);
    const visa = await s.token(sessionId, 'pm_card_visa');
    expect((await s.complete(sessionId, payWith(visa))).body.status).toBe('completed');
    expect(await s.orders()).toHaveLength(1);
  });

  it('pm_card_insufficient_funds fails with insufficient_funds', async () => {
    const s = sandbox();
    const { sessionId, tokenId } = await s.ready('pm_card_insufficient_funds');
    const reply = await s.complete(sessionId, payWith(tokenId));
    expect([reply.status, reply.body.code]).toEqual([402, 'insufficient_funds']);
    expect(await s.orders()).toEqual([]);
  });
});

describe('sandbox payments: the allowance of a delegated token', () => {
  it('refuses a total above max_amount and charges nothing', async () => {
    const s = sandbox();
    const session = (await s.createSession()).body;
    const token = await s.token(session.id, 'pm_card_visa', { max_amount: 14070 });
    const reply = await s.complete(session.id, payWith(token));
    expect([reply.status, reply.body.code]).toEqual([400, 'allowance_exceeded']);
    expect(reply.body.param).toBe('$.payment_data.instrument.credential.token');
    expect(await s.orders()).toEqual([]);
  });

  it('refuses a one_time token a second time', async () => {
    const s = sandbox();
    const { sessionId, tokenId } = await s.ready();
    expect((await s.complete(sessionId, payWith(tokenId))).body.status).toBe('completed');
    const other = (await s.createSession()).body;
    const again = await s.complete(other.id, payWith(tokenId));
    expect([again.status, again.body.code]).toEqual([400, 'payment_token_used']);
    expect(await s.orders()).toHaveLength(1);
  });

  it('refuses a token after its expires_at', async () => {
    const s = sandbox();
    const session = (await s.createSession()).body;
    const token = await s.token(session.id, 'pm_card_visa', {
      expires_at: new Date(s.now() + 60_000).toISOString(),
    });
    s.advance(60_000);
    const reply = await s.complete(session.id, payWith(token));
    expect([reply.status, reply.body.code]).toEqual([400, 'payment_token_expired']);
    expect(await s.orders()).toEqual([]);
  });

  it('refuses a token for another session, another merchant or another currency', async () => {
    const s = sandbox();
    const a = (await s.createSession()).body;
    const b = (await s.createSession()).body;
    const forA = await s.token(a.id);
    expect((await s.complete(b.id, payWith(forA))).body.code).toBe('allowance_session_mismatch');
    const elsewhere = await s.token(b.id, 'pm_card_visa', { merchant_id: 'other-shop.example' });
    expect((await s.complete(b.id, payWith(elsewhere))).body.code).toBe(
      'allowance_merchant_mismatch',
    );
    const euros = await s.token(b.id, 'pm_card_visa', { currency: 'eur' });
    expect((await s.complete(b.id, payWith(euros))).body.code).toBe('allowance_currency_mismatch');
    expect((await s.complete(b.id, payWith('vt_forged'))).body.code).toBe('payment_token_invalid');
    expect(await s.orders()).toEqual([]);
  });

  it('validates delegate_payment requests', async () => {
    const s = sandbox();
    const good = delegateBody('pm_card_visa', { checkout_session_id: 'cs_1' });
    const past = delegateBody('pm_card_visa', {
      checkout_session_id: 'cs_1',
      expires_at: new Date(s.now() - 1).toISOString(),
    });
    const cases: [Json, number, string, string][] = [
      [past, 422, 'parameter_invalid', '$.allowance.expires_at'],
      [{ ...good, risk_signals: undefined }, 400, 'parameter_missing', '$.risk_signals'],
      [
        { ...good, allowance: { ...good.allowance, currency: 'USD' } },
        400,
        'parameter_invalid',
        '$.allowance.currency',
      ],
      [
        { ...good, payment_method: { ...good.payment_method, number: '5555555555554444' } },
        422,
        'invalid_card',
        '$.payment_method.number',
      ],
      [
        { ...good, payment_method: { ...good.payment_method, display_last4: '0000' } },
        422,
        'invalid_card',
        '$.payment_method.display_last4',
      ],
      [
        { ...good, payment_method: { ...good.payment_method, exp_year: '2025' } },
        422,
        'invalid_card',
        '$.payment_method.exp_year',
      ],
      [
        { ...good, payment_method: { ...good.payment_method, pin: '1234' } },
        400,
        'invalid_card',
        '$.payment_method.pin',
      ],
    ];
    for (const [body, status, code, param] of cases) {
      const reply = await s.delegate(body);
      expect([reply.status, reply.body.code, reply.body.param]).toEqual([status, code, param]);
    }
    expect(s.state.tokens.size).toBe(0);
    expect((await s.delegate(good)).status).toBe(201);
  });
});

describe('sandbox payments: OTP and 3-D Secure', () => {
  afterEach(() => vi.restoreAllMocks());

  it('OTP: a wrong code counts down, the right code authenticates, complete places the order', async () => {
    const s = sandbox();
    const { sessionId, tokenId, challenge } = await challenged(s, 'pm_card_otp_required');
    expect(challenge).toMatchObject({ type: 'otp', status: 'pending', attempts_remaining: 5 });

    const blocked = await s.complete(sessionId, payWith(tokenId));
    expect([blocked.status, blocked.body.code]).toEqual([400, 'requires_3ds']);

    const wrong = await answer(s, challenge, { otp: '123456' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: 'otp_incorrect', attempts_remaining: 4 });
    const right = await answer(s, challenge, { otp: '000000' });
    expect(right.status).toBe(200);
    expect(right.body.authentication_result).toMatchObject({
      outcome: 'authenticated',
      outcome_details: { electronic_commerce_indicator: '05', version: '2.2.0' },
    });
    expect(right.body.authentication_result.outcome_details.three_ds_cryptogram).toHaveLength(28);

    const done = await s.complete(
      sessionId,
      payWith(tokenId, { authentication_result: right.body.authentication_result }),
    );
    expect(done.body.status).toBe('completed');
    expect(await s.orders()).toHaveLength(1);
  });

  it('OTP: five wrong codes lock the challenge and block the card', async () => {
    const s = sandbox();
    const { sessionId, tokenId, challenge } = await challenged(s, 'pm_card_otp_required');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await answer(s, challenge, { otp: `11111${i}` })).status);
    expect(statuses).toEqual([422, 422, 422, 422, 423]);
    const late = await answer(s, challenge, { otp: '000000' });
    expect([late.status, late.body.code]).toEqual([423, 'challenge_locked']);
    const session = await s.get(`/checkout_sessions/${sessionId}`);
    expect(session.body.status).toBe('ready_for_payment');
    expect(session.body.messages).toContainEqual(
      expect.objectContaining({ code: 'payment_declined' }),
    );
    const retry = await s.complete(sessionId, payWith(tokenId));
    expect([retry.status, retry.body.code]).toEqual([402, 'authentication_failed']);
    expect(await s.orders()).toEqual([]);
  });

  it('OTP: codes are never logged nor echoed', async () => {
    const log = [
      vi.spyOn(console, 'log'),
      vi.spyOn(console, 'info'),
      vi.spyOn(console, 'warn'),
      vi.spyOn(console, 'error'),
    ];
    const s = sandbox();
    const { challenge } = await challenged(s, 'pm_card_otp_required');
    const wrong = await answer(s, challenge, { otp: '987654' });
    const right = await answer(s, challenge, { otp: '000000' });
    const state = await s.get(pathOf(challenge.acs_url));
    for (const text of [wrong, right, state].map((r) => JSON.stringify(r.body))) {
      expect(text).not.toContain('987654');
    }
    expect(JSON.stringify(right.body)).not.toContain('"000000"');
    for (const spy of log) expect(JSON.stringify(spy.mock.calls)).not.toMatch(/987654|000000/);
  });

  it('refuses a forged or denied authentication_result', async () => {
    const s = sandbox();
    const { sessionId, tokenId, challenge } = await challenged(s, 'pm_card_otp_required');
    await answer(s, challenge, { otp: '000000' });
    const forged = {
      outcome: 'authenticated',
      outcome_details: {
        three_ds_cryptogram: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=',
        electronic_commerce_indicator: '05',
        transaction_id: 'made-up',
        version: '2.2.0',
      },
    };
    const reply = await s.complete(sessionId, payWith(tokenId, { authentication_result: forged }));
    expect([reply.status, reply.body.code]).toEqual([402, 'authentication_failed']);
    expect((await s.get(`/checkout_sessions/${sessionId}`)).body.status).toBe('ready_for_payment');
    expect(await s.orders()).toEqual([]);
  });

  it('3DS: approve authenticates (mastercard ECI 02); deny fails the payment', async () => {
    const s = sandbox();
    const ok = await challenged(s, 'pm_card_3ds_required');
    expect(ok.challenge.type).toBe('3ds');
    const approved = await answer(s, ok.challenge, { approve: true });
    expect(approved.body.authentication_result.outcome_details.electronic_commerce_indicator).toBe(
      '02',
    );
    const done = await s.complete(
      ok.sessionId,
      payWith(ok.tokenId, { authentication_result: approved.body.authentication_result }),
    );
    expect(done.body.status).toBe('completed');

    const no = await challenged(s, 'pm_card_3ds_required');
    const denied = await answer(s, no.challenge, { approve: false });
    expect(denied.body.authentication_result).toEqual({ outcome: 'denied' });
    const refused = await s.complete(
      no.sessionId,
      payWith(no.tokenId, { authentication_result: denied.body.authentication_result }),
    );
    expect([refused.status, refused.body.code]).toEqual([402, 'authentication_failed']);
    expect(await s.orders()).toHaveLength(1);
  });

  it('an expired challenge answers 410; completing again issues a new one', async () => {
    const s = sandbox();
    const { sessionId, tokenId, challenge } = await challenged(s, 'pm_card_otp_required');
    s.advance(10 * 60_000);
    const late = await answer(s, challenge, { otp: '000000' });
    expect([late.status, late.body.code]).toEqual([410, 'challenge_expired']);
    const again = await s.complete(sessionId, payWith(tokenId));
    expect(again.body.status).toBe('authentication_required');
    expect(again.body.authentication_metadata.challenge.id).not.toBe(challenge.id);
  });

  it('needs the agent to declare 3ds support before it can challenge', async () => {
    const s = sandbox();
    const session = (await s.createSession(createBody(['trail-runner-42'], { capabilities: {} })))
      .body;
    const token = await s.token(session.id, 'pm_card_otp_required');
    const reply = await s.complete(session.id, payWith(token));
    expect([reply.status, reply.body.code]).toEqual([400, 'intervention_required']);
  });

  it('a 3DS challenge takes approve, an OTP challenge takes otp', async () => {
    const s = sandbox();
    const { challenge } = await challenged(s, 'pm_card_3ds_required');
    const wrongShape = await answer(s, challenge, { otp: '000000' });
    expect([wrongShape.status, wrongShape.body.param]).toEqual([400, '$.approve']);
  });
});
