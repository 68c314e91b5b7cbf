import type { Scope } from './context';
import { SandboxError } from './errors';
import type { Session, VaultToken } from './types';

export const TOKEN = '$.payment_data.instrument.credential.token';

/** The delegated token must be usable here, now, for this session and this total (one_time). */
export function usableToken(
  scope: Scope,
  session: Session,
  tokenId: string,
  total: number,
): VaultToken {
  const token = scope.sb.state.tokens.get(tokenId);
  const refuse = (status: number, code: string, message: string) =>
    new SandboxError(status, code, message, TOKEN);
  if (!token)
    throw refuse(
      400,
      'payment_token_invalid',
      'Unknown payment token; create one with POST /agentic_commerce/delegate_payment.',
    );
  if (token.used_by_order)
    throw refuse(
      400,
      'payment_token_used',
      `This one_time token already paid for order ${token.used_by_order}.`,
    );
  if (token.blocked)
    throw refuse(
      402,
      'authentication_failed',
      'The issuer blocked this card after failed authentication; use another card.',
    );
  const a = token.allowance;
  if (scope.sb.now() >= a.expires_at)
    throw refuse(
      400,
      'payment_token_expired',
      'The allowance of this token has expired; delegate the payment again.',
    );
  if (a.merchant_id !== scope.merchantId)
    throw refuse(
      400,
      'allowance_merchant_mismatch',
      `The token is for merchant '${a.merchant_id}', not '${scope.merchantId}'.`,
    );
  if (a.checkout_session_id !== session.id)
    throw refuse(
      400,
      'allowance_session_mismatch',
      `The token is for checkout session '${a.checkout_session_id}'.`,
    );
  if (a.currency !== session.currency)
    throw refuse(
      400,
      'allowance_currency_mismatch',
      `The token allows ${a.currency}, the session charges ${session.currency}.`,
    );
  if (total > a.max_amount)
    throw refuse(
      400,
      'allowance_exceeded',
      `The total ${total} is above the token's max_amount ${a.max_amount}; nothing was charged.`,
    );
  return token;
}
