import { acpPost } from './acp';
import { createChallenge } from './acs';
import { TOKEN, usableToken } from './allowance';
import { cardOutcome } from './cards';
import type { Scope } from './context';
import { SandboxError } from './errors';
import { parseWith } from './http';
import { placeOrder } from './orders';
import { CompleteSessionBody } from './schemas';
import { sessionView } from './session-view';
import { assertOpen, findSession } from './sessions';
import { quote } from './totals';
import type { AuthenticationResult, Session } from './types';

function matches(
  result: AuthenticationResult,
  expected: AuthenticationResult | undefined,
): boolean {
  const [got, want] = [result.outcome_details, expected?.outcome_details];
  return (
    result.outcome === 'authenticated' &&
    !!got &&
    !!want &&
    got.three_ds_cryptogram === want.three_ds_cryptogram &&
    got.transaction_id === want.transaction_id
  );
}

function failAuthentication(scope: Scope, session: Session): never {
  session.state = 'open';
  session.challenge_id = undefined;
  session.payment_error =
    'Card authentication failed. Ask the buyer to try again or use another card.';
  session.updated_at = scope.sb.now();
  throw new SandboxError(
    402,
    'authentication_failed',
    'The authentication_result does not show a successful authentication for this session; nothing was charged.',
    '$.authentication_result',
  );
}

/**
 * POST /checkout_sessions/{id}/complete. 200 with the order when charged; 200 with status
 * authentication_required when the issuer asks for OTP / 3DS; 4xx Error when nothing was charged.
 */
export function completeRoute() {
  return acpPost('complete', (c, raw) => {
    const scope = c.get('scope');
    const session = findSession(c);
    const body = parseWith(CompleteSessionBody, raw);
    assertOpen(scope, session);
    const challenge = session.challenge_id
      ? scope.sb.state.challenges.get(session.challenge_id)
      : undefined;
    if (
      session.state === 'authentication_required' &&
      challenge &&
      scope.sb.now() >= challenge.expires_at
    ) {
      session.state = 'open';
      session.challenge_id = undefined;
    }
    const q = quote(session, scope.sb.state.products);
    const problem = q.lines.find((l) => l.problem);
    if (problem?.problem) {
      throw new SandboxError(
        400,
        problem.problem.code,
        `${problem.problem.content} Nothing was charged.`,
        `$.line_items[${problem.index}]`,
      );
    }
    const pd = body.payment_data;
    if (!pd.handler_id && !pd.instrument && pd.purchase_order_number) {
      return completeOnTerms(scope, session, q, body);
    }
    if (!pd.handler_id || !pd.instrument) {
      throw new SandboxError(
        400,
        'parameter_missing',
        'Pay with handler_id "card_tokenized" and instrument.credential.token, or on terms with purchase_order_number and payment_terms.',
        '$.payment_data.instrument',
      );
    }
    if (pd.handler_id !== 'card_tokenized') {
      throw new SandboxError(
        400,
        'parameter_invalid',
        'The only payment handler is "card_tokenized".',
        '$.payment_data.handler_id',
      );
    }
    const token = usableToken(scope, session, pd.instrument.credential.token, q.totals.total);
    if (body.buyer) session.buyer = body.buyer;

    if (session.state === 'authentication_required') {
      if (!body.authentication_result) {
        throw new SandboxError(
          400,
          'requires_3ds',
          "This checkout session requires issuer authentication. The request must include 'authentication_result' as provided by the issuer authentication flow.",
          '$.authentication_result',
        );
      }
      const ok =
        challenge?.status === 'succeeded' &&
        challenge.token_id === token.id &&
        matches(body.authentication_result, challenge.result);
      if (!ok) failAuthentication(scope, session);
      placeOrder(scope, session, q, { token });
      return { status: 200, body: sessionView(scope, session) };
    }
    if (body.authentication_result) {
      throw new SandboxError(
        400,
        'parameter_invalid',
        'No authentication was requested for this session; complete without authentication_result.',
        '$.authentication_result',
      );
    }
    const outcome = cardOutcome(token.test_card);
    session.payment_error = undefined;
    if (outcome.kind === 'decline') {
      session.payment_error = outcome.message;
      session.updated_at = scope.sb.now();
      throw new SandboxError(402, outcome.code, `${outcome.message} Nothing was charged.`, TOKEN);
    }
    if (outcome.kind === 'challenge') {
      if (!session.agent_interventions.includes('3ds')) {
        throw new SandboxError(
          400,
          'intervention_required',
          'The issuer requires authentication, but the session was created without capabilities.interventions.supported ["3ds"]; create a new session that declares it.',
          '$.capabilities.interventions.supported',
        );
      }
      const created = createChallenge(scope, session, token, outcome.challenge, q.totals.total);
      session.state = 'authentication_required';
      session.challenge_id = created.id;
      session.updated_at = scope.sb.now();
      return { status: 200, body: sessionView(scope, session) };
    }
    placeOrder(scope, session, q, { token });
    return { status: 200, body: sessionView(scope, session) };
  });
}

/**
 * A B2B order on terms (ACP PaymentData.purchase_order_number + payment_terms): no card is
 * charged; the order carries an invoice due the terms' days after it was placed.
 */
function completeOnTerms(
  scope: Scope,
  session: Session,
  q: ReturnType<typeof quote>,
  body: ReturnType<typeof CompleteSessionBody.parse>,
) {
  const { purchase_order_number, payment_terms } = body.payment_data;
  if (!payment_terms) {
    throw new SandboxError(
      400,
      'parameter_missing',
      'An order on terms needs payment_data.payment_terms (immediate, net_15, net_30, net_60, net_90).',
      '$.payment_data.payment_terms',
    );
  }
  if (body.authentication_result) {
    throw new SandboxError(
      400,
      'parameter_invalid',
      'An order on terms needs no authentication; complete without authentication_result.',
      '$.authentication_result',
    );
  }
  if (body.buyer) session.buyer = body.buyer;
  placeOrder(scope, session, q, {
    invoice: { purchase_order_number: purchase_order_number!, payment_terms },
  });
  return { status: 200, body: sessionView(scope, session) };
}
