import { Hono } from 'hono';
import { z } from 'zod';
import { SANDBOX_OTP } from './cards';
import type { SandboxEnv, Scope } from './context';
import { SandboxError, notFound } from './errors';
import { isoTime, randomBase64 } from './ids';
import { parseWith, readJson } from './http';
import type { Challenge, ChallengeType, Session, VaultToken } from './types';

/** The simulated issuer ACS: OTP and 3-D Secure challenges a buyer answers before complete. */
export const MAX_ATTEMPTS = 5;
const TTL_MS = 10 * 60_000;

export function createChallenge(
  scope: Scope,
  session: Session,
  token: VaultToken,
  type: ChallengeType,
  amount: number,
): Challenge {
  const now = scope.sb.now();
  const challenge: Challenge = {
    id: scope.sb.ids('chl_'),
    type,
    status: 'pending',
    checkout_session_id: session.id,
    token_id: token.id,
    amount,
    currency: session.currency,
    attempts_remaining: MAX_ATTEMPTS,
    directory_server: token.brand === 'mastercard' ? 'mastercard' : 'visa',
    created_at: now,
    expires_at: now + TTL_MS,
  };
  scope.sb.state.challenges.set(challenge.id, challenge);
  return challenge;
}

function refresh(scope: Scope, challenge: Challenge): Challenge {
  if (challenge.status === 'pending' && scope.sb.now() >= challenge.expires_at)
    challenge.status = 'expired';
  return challenge;
}

const instructions = (c: Challenge) =>
  c.type === 'otp'
    ? 'POST {"otp":"<code>"} to acs_url with the one-time code the buyer received (sandbox: 000000).'
    : 'POST {"approve":true} to acs_url once the buyer approves in the bank app ({"approve":false} to deny).';

/** The challenge as the agent sees it: inside authentication_metadata, and from GET on the ACS. */
export function challengeView(scope: Scope, c: Challenge) {
  return {
    id: c.id,
    type: c.type,
    status: c.status,
    acs_url: `${scope.baseUrl}/_acs/challenges/${c.id}`,
    acs_trans_id: c.id,
    message_version: '2.2.0',
    checkout_session_id: c.checkout_session_id,
    amount: c.amount,
    currency: c.currency,
    attempts_remaining: c.attempts_remaining,
    expires_at: isoTime(c.expires_at),
    instructions: instructions(c),
  };
}

/** ACP AuthenticationMetadata (additionalProperties: true) carrying the challenge pointer. */
export function challengeHint(scope: Scope, c: Challenge) {
  return {
    acquirer_details: {
      acquirer_bin: '400000',
      acquirer_country: 'US',
      acquirer_merchant_id: scope.merchantId.slice(0, 35),
      merchant_name: 'Sandbox Outfitters',
    },
    directory_server: c.directory_server,
    flow_preference: { type: 'challenge', challenge: { type: 'mandated' } },
    challenge: challengeView(scope, refresh(scope, c)),
  };
}

function authenticated(c: Challenge) {
  return {
    outcome: 'authenticated',
    outcome_details: {
      three_ds_cryptogram: randomBase64(20),
      electronic_commerce_indicator: c.directory_server === 'mastercard' ? '02' : '05',
      transaction_id: crypto.randomUUID(),
      version: '2.2.0',
    },
  };
}

/** Too many wrong codes: the issuer blocks the credential and the session is payable again. */
function lock(scope: Scope, c: Challenge) {
  const { state } = scope.sb;
  c.status = 'locked';
  c.result = { outcome: 'denied' };
  const token = state.tokens.get(c.token_id);
  if (token) token.blocked = true;
  const session = state.sessions.get(c.checkout_session_id);
  if (session && session.challenge_id === c.id && session.state === 'authentication_required') {
    session.state = 'open';
    session.challenge_id = undefined;
    session.payment_error = 'Card authentication failed: too many wrong codes. Use another card.';
    session.updated_at = scope.sb.now();
  }
}

const Answer = z.strictObject({
  otp: z.string().max(32).optional(),
  approve: z.boolean().optional(),
});

export function acsRoutes() {
  const app = new Hono<SandboxEnv>();
  const find = (scope: Scope, id: string) => {
    const challenge = scope.sb.state.challenges.get(id);
    if (!challenge) throw notFound('challenge', id);
    return refresh(scope, challenge);
  };

  app.get('/challenges/:id', (c) => {
    const scope = c.get('scope');
    const challenge = find(scope, c.req.param('id'));
    return c.json({
      ...challengeView(scope, challenge),
      ...(challenge.result ? { authentication_result: challenge.result } : {}),
    });
  });

  app.post('/challenges/:id', async (c) => {
    const scope = c.get('scope');
    const challenge = find(scope, c.req.param('id'));
    const answer = parseWith(Answer, await readJson(c));
    const done = () =>
      c.json({ ...challengeView(scope, challenge), authentication_result: challenge.result });
    if (challenge.status === 'expired') {
      throw new SandboxError(
        410,
        'challenge_expired',
        'The challenge expired; complete the checkout again to get a new one.',
      );
    }
    if (challenge.status === 'locked') {
      throw new SandboxError(
        423,
        'challenge_locked',
        'Too many wrong codes; the card is blocked for this checkout.',
        undefined,
        { attempts_remaining: 0 },
      );
    }
    if (challenge.type === '3ds') {
      if (answer.approve === undefined)
        throw new SandboxError(
          400,
          'parameter_missing',
          'A 3-D Secure challenge takes {"approve": true|false}.',
          '$.approve',
        );
      if (challenge.status === 'pending') {
        challenge.status = answer.approve ? 'succeeded' : 'failed';
        challenge.result = answer.approve ? authenticated(challenge) : { outcome: 'denied' };
      }
      return done();
    }
    if (answer.otp === undefined)
      throw new SandboxError(
        400,
        'parameter_missing',
        'An OTP challenge takes {"otp": "<code>"}.',
        '$.otp',
      );
    if (answer.otp === SANDBOX_OTP) {
      if (challenge.status === 'pending') {
        challenge.status = 'succeeded';
        challenge.result = authenticated(challenge);
      }
      return done();
    }
    if (challenge.status !== 'pending') {
      throw new SandboxError(409, 'challenge_completed', 'This challenge is already answered.');
    }
    challenge.attempts_remaining -= 1;
    if (challenge.attempts_remaining <= 0) {
      lock(scope, challenge);
      throw new SandboxError(
        423,
        'challenge_locked',
        'Wrong code, and that was the last attempt: the card is blocked for this checkout.',
        '$.otp',
        { attempts_remaining: 0 },
      );
    }
    const n = challenge.attempts_remaining;
    throw new SandboxError(
      422,
      'otp_incorrect',
      `The code is incorrect; ${n} attempt${n === 1 ? '' : 's'} left.`,
      '$.otp',
      { attempts_remaining: n },
    );
  });

  return app;
}
