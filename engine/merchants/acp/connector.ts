import { acpBuyerFields } from './buyer';
import {
  FetchError,
  MerchantError,
  type Challenge,
  type ChallengeAnswer,
  type Checkout,
  type Fetcher,
  type MerchantConnector,
} from '../../ports';
import { toCheckout } from './mapping';

export const ACP_API_VERSION = '2026-04-17';

export interface AcpMerchantConfig {
  merchantId: string;
  /** Where the ACP endpoints live, e.g. https://shop.example.com (no trailing slash). */
  baseUrl: string;
  apiKey: string;
}

interface AcpResponse {
  status: number;
  body: Record<string, unknown>;
}

const DECLINES = new Set(['card_declined', 'insufficient_funds', 'authentication_failed']);

/**
 * The ACP (2026-04-17) connector: checkout sessions, delegated payment, and the issuer challenge
 * the session's authentication_metadata points to. Every POST carries the caller's
 * Idempotency-Key, so a retry after a crash or a lost answer replays instead of buying twice.
 */
export function createAcpConnector(config: AcpMerchantConfig, fetcher: Fetcher): MerchantConnector {
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    key?: string,
  ): Promise<AcpResponse> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${config.apiKey}`,
      'API-Version': ACP_API_VERSION,
      Accept: 'application/json',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (key) headers['Idempotency-Key'] = key;
    return send({
      url: `${config.baseUrl}${path}`,
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  async function send(request: Parameters<Fetcher['fetch']>[0]): Promise<AcpResponse> {
    let response;
    try {
      response = await fetcher.fetch(request);
    } catch (error) {
      const code = error instanceof FetchError ? error.failure : 'network';
      throw new MerchantError('unknown', code, `The merchant did not answer (${code}).`);
    }
    let body: Record<string, unknown> = {};
    try {
      body = response.body ? (JSON.parse(response.body) as Record<string, unknown>) : {};
    } catch {
      if (response.status < 500)
        throw new MerchantError(
          'unknown',
          'invalid_response',
          'The merchant answered with something that is not JSON.',
          response.status,
        );
    }
    if (response.status >= 500 || response.status === 409 || response.status === 429) {
      throw new MerchantError(
        'unknown',
        String(body.code ?? `http_${response.status}`),
        String(body.message ?? 'The merchant could not process the call.'),
        response.status,
      );
    }
    if (response.status >= 400) {
      const code = String(body.code ?? `http_${response.status}`);
      throw new MerchantError(
        DECLINES.has(code) ? 'declined' : 'rejected',
        code,
        String(body.message ?? code),
        response.status,
      );
    }
    return { status: response.status, body };
  }

  const checkoutOf = (response: AcpResponse): Checkout => toCheckout(response.body);

  return {
    merchantId: config.merchantId,
    async createCheckout({ sku, quantity, currency, buyer }, key) {
      const body = {
        currency: currency.toLowerCase(),
        // ACP 2026-04-17 items carry no quantity: one line item per unit.
        line_items: Array.from({ length: quantity }, () => ({ id: sku })),
        capabilities: { interventions: { supported: ['3ds'] } },
        ...acpBuyerFields(buyer),
      };
      return checkoutOf(await call('POST', '/checkout_sessions', body, key));
    },
    async updateBuyer(id, buyer, key) {
      const path = `/checkout_sessions/${encodeURIComponent(id)}`;
      return checkoutOf(await call('POST', path, acpBuyerFields(buyer), key));
    },
    async getCheckout(id) {
      return checkoutOf(await call('GET', `/checkout_sessions/${encodeURIComponent(id)}`));
    },
    async cancelCheckout(id, key) {
      try {
        await call('POST', `/checkout_sessions/${encodeURIComponent(id)}/cancel`, {}, key);
      } catch (error) {
        // Already completed / canceled / expired sessions answer 405: nothing left to cancel.
        if (!(error instanceof MerchantError && error.status === 405)) throw error;
      }
    },
    async delegatePayment(input, key) {
      const body = {
        payment_method: {
          type: 'card',
          card_number_type: 'fpan',
          number: input.card.number,
          exp_month: String(input.card.exp_month).padStart(2, '0'),
          exp_year: String(input.card.exp_year),
          display_card_funding_type: 'credit',
          display_brand: input.card.brand,
          display_last4: input.card.number.slice(-4),
          metadata: {},
        },
        allowance: {
          reason: 'one_time',
          max_amount: input.maxAmountCents,
          currency: input.currency.toLowerCase(),
          checkout_session_id: input.checkoutId,
          merchant_id: config.merchantId,
          expires_at: input.expiresAt,
        },
        risk_signals: [],
        metadata: { source: 'intent-commerce' },
      };
      const response = await call('POST', '/agentic_commerce/delegate_payment', body, key);
      return { token: String(response.body.id) };
    },
    async completeCheckout(id, input, key) {
      const { payment } = input;
      const body = {
        payment_data:
          'token' in payment
            ? {
                handler_id: 'card_tokenized',
                instrument: { type: 'card', credential: { type: 'spt', token: payment.token } },
              }
            : payment.invoice,
        ...(input.authentication ? { authentication_result: input.authentication } : {}),
      };
      return checkoutOf(
        await call('POST', `/checkout_sessions/${encodeURIComponent(id)}/complete`, body, key),
      );
    },
    async answerChallenge(challenge: Challenge, answer): Promise<ChallengeAnswer> {
      const payload =
        challenge.type === 'otp' ? { otp: answer.otp ?? '' } : { approve: answer.approve ?? true };
      try {
        const { body } = await send({
          url: challenge.answer_url,
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(payload),
        });
        const result = body.authentication_result as { outcome?: string } | undefined;
        if (result?.outcome === 'authenticated') return { kind: 'authenticated', result };
        return { kind: 'denied' };
      } catch (error) {
        if (!(error instanceof MerchantError)) throw error;
        if (error.status === 422)
          return { kind: 'incorrect', attemptsRemaining: attemptsLeft(error.message) };
        if (error.status === 423) return { kind: 'locked' };
        if (error.status === 410) return { kind: 'expired' };
        throw error;
      }
    },
  };
}

function attemptsLeft(message: string): number | null {
  const match = message.match(/(\d+) attempts? left/);
  return match ? Number(match[1]) : null;
}
