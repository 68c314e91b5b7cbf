import type { SandboxContext, Scope } from './context';
import { SandboxError, notFound } from './errors';
import { statusOf } from './session-view';
import { quote } from './totals';
import type { Session } from './types';

/** Sessions live 6 hours: long enough for a buyer to answer an OTP prompt later in the day. */
export const SESSION_TTL_MS = 6 * 3_600_000;

export function findSession(c: SandboxContext): Session {
  const id = c.req.param('id') ?? '';
  const session = c.get('scope').sb.state.sessions.get(id);
  if (!session) throw notFound('checkout session', id);
  return session;
}

/** Completed, canceled and expired sessions accept no further change: 405 as the spec's cancel. */
export function assertOpen(scope: Scope, session: Session): void {
  const status = statusOf(session, quote(session, scope.sb.state.products), scope.sb.now());
  if (status === 'completed' || status === 'canceled' || status === 'expired') {
    throw new SandboxError(
      405,
      `checkout_session_${status}`,
      `The checkout session is ${status}; GET it to see its final state, or create a new one.`,
    );
  }
}
