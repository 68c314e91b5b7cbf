import { Hono } from 'hono';
import { z } from 'zod';
import { acpPost } from './acp';
import { luhnValid, testCardByNumber, testCardNumbers } from './cards';
import type { SandboxEnv } from './context';
import { SandboxError } from './errors';
import { isoTime } from './ids';
import { parseWith } from './http';
import { Address } from './schemas';
import type { VaultToken } from './types';

const stringMap = z.record(z.string(), z.string());

/** The request body of openapi.delegate_payment.yaml (DelegatePaymentRequest). */
export const DelegatePaymentBody = z.strictObject({
  payment_method: z.strictObject({
    type: z.literal('card'),
    card_number_type: z.enum(['fpan', 'network_token']),
    number: z.string().regex(/^\d{12,19}$/, 'a card number is 12-19 digits'),
    exp_month: z
      .string()
      .regex(/^(0?[1-9]|1[0-2])$/, 'a month 01-12')
      .optional(),
    exp_year: z
      .string()
      .regex(/^\d{4}$/, 'a four-digit year')
      .optional(),
    name: z.string().optional(),
    cvc: z
      .string()
      .regex(/^\d{3,4}$/, '3 or 4 digits')
      .optional(),
    cryptogram: z.string().optional(),
    eci_value: z.string().max(2).optional(),
    checks_performed: z.array(z.enum(['avs', 'cvv', 'ani', 'auth0'])).optional(),
    iin: z.string().max(8).optional(),
    display_card_funding_type: z.enum(['credit', 'debit', 'prepaid']),
    display_wallet_type: z.string().optional(),
    display_brand: z.string().optional(),
    display_last4: z
      .string()
      .regex(/^[0-9]{4}$/)
      .optional(),
    metadata: stringMap,
    virtual: z.boolean().optional(),
  }),
  allowance: z.strictObject({
    reason: z.literal('one_time'),
    max_amount: z.number().int().min(1),
    currency: z.string().regex(/^[a-z]{3}$/, 'a lower-case ISO 4217 code such as usd'),
    checkout_session_id: z.string().min(1),
    merchant_id: z.string().min(1).max(256),
    expires_at: z.iso.datetime({ offset: true }),
  }),
  billing_address: Address.optional(),
  risk_signals: z.array(
    z.strictObject({
      type: z.literal('card_testing'),
      score: z.number().int(),
      action: z.enum(['blocked', 'manual_review', 'authorized']),
    }),
  ),
  metadata: stringMap,
});

/** Card field problems carry the spec's code invalid_card; other fields keep their own code. */
const codeFor = (param: string, code: string) =>
  param.startsWith('$.payment_method') ? 'invalid_card' : code;

const invalidCard = (message: string, param: string) =>
  new SandboxError(422, 'invalid_card', message, param);

/**
 * POST /agentic_commerce/delegate_payment: vaults a test card under a one_time allowance and
 * returns the token id (vt_...). The allowance is enforced when the token is used at complete.
 */
export function delegatePaymentRoutes() {
  const app = new Hono<SandboxEnv>();
  app.post(
    '/delegate_payment',
    acpPost('delegate_payment', (c, raw) => {
      const { sb } = c.get('scope');
      const body = parseWith(DelegatePaymentBody, raw, codeFor);
      const pm = body.payment_method;
      // Test cards are matched first: the engine's 3DS test number is not Luhn-valid.
      const card = testCardByNumber(pm.number);
      if (!card) {
        const why = luhnValid(pm.number)
          ? 'The sandbox takes only its test cards'
          : 'The card number fails the Luhn check; use a test card';
        throw invalidCard(`${why}: ${testCardNumbers()}.`, '$.payment_method.number');
      }
      if (pm.display_last4 !== undefined && pm.display_last4 !== pm.number.slice(-4)) {
        throw invalidCard(
          'display_last4 does not match the card number.',
          '$.payment_method.display_last4',
        );
      }
      const now = sb.now();
      if (pm.exp_year !== undefined && pm.exp_month !== undefined) {
        const endOfMonth = Date.UTC(Number(pm.exp_year), Number(pm.exp_month), 1);
        if (endOfMonth <= now)
          throw invalidCard('The card has expired.', '$.payment_method.exp_year');
      }
      const expiresAt = Date.parse(body.allowance.expires_at);
      if (expiresAt <= now) {
        throw new SandboxError(
          422,
          'parameter_invalid',
          'allowance.expires_at must be in the future.',
          '$.allowance.expires_at',
        );
      }
      const token: VaultToken = {
        id: sb.ids('vt_'),
        test_card: card.id,
        brand: card.brand,
        last4: pm.number.slice(-4),
        funding: pm.display_card_funding_type,
        allowance: { ...body.allowance, expires_at: expiresAt },
        metadata: body.metadata,
        created_at: now,
      };
      sb.state.tokens.set(token.id, token);
      return {
        status: 201,
        body: {
          id: token.id,
          created: isoTime(now),
          metadata: {
            ...body.metadata,
            source: 'sandbox_vault',
            merchant_id: body.allowance.merchant_id,
            checkout_session_id: body.allowance.checkout_session_id,
            idempotency_key: c.req.header('Idempotency-Key') ?? '',
          },
        },
      };
    }),
  );
  return app;
}
