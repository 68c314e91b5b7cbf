import type { IntentDoc } from '../schemas/intent-doc';
import type { Checkout } from '../ports';
import type { GuardrailCheck } from '../schemas/receipt';
import type { WaitingReason } from '../vocabulary';

export type TotalsVerdict =
  | { ok: true; checks: GuardrailCheck[] }
  | { ok: false; reason: WaitingReason | 'EXPIRED'; checks: GuardrailCheck[] };

/**
 * The checkout is checked again before any payment (CONTRACT §9): the merchant is allowed, the
 * currency is the one asked for, no unit costs more than max_price_cents, the whole charge fits
 * max_charge_cents, the quantity is right and the intent has not expired.
 */
export function verifyTotals(
  intent: IntentDoc,
  merchant: string,
  checkout: Checkout,
  quantity: number,
  now: number,
): TotalsVerdict {
  const { conditions, guardrails, payment } = intent;
  const highestUnit = Math.max(0, ...checkout.lines.map((line) => line.unit_price_cents));
  const boughtQuantity = checkout.lines.reduce((sum, line) => sum + line.quantity, 0);
  const expiresAt = guardrails.expires_at ? Date.parse(guardrails.expires_at) : null;
  const checks: Array<GuardrailCheck & { reason: WaitingReason | 'EXPIRED' }> = [
    {
      name: 'allowed_merchants',
      reason: 'MERCHANT_NOT_ALLOWED',
      limit: guardrails.allowed_merchants ?? null,
      actual: merchant,
      passed:
        !guardrails.allowed_merchants?.length || guardrails.allowed_merchants.includes(merchant),
    },
    {
      name: 'currency',
      reason: 'CURRENCY_MISMATCH',
      limit: conditions.currency ?? null,
      actual: checkout.currency,
      passed: !conditions.currency || conditions.currency === checkout.currency,
    },
    {
      name: 'max_price_cents',
      reason: 'PRICE_ABOVE_LIMIT',
      limit: conditions.max_price_cents ?? null,
      actual: highestUnit,
      passed: conditions.max_price_cents === undefined || highestUnit <= conditions.max_price_cents,
    },
    {
      name: 'max_charge_cents',
      reason: 'TOTAL_ABOVE_LIMIT',
      limit: payment?.max_charge_cents ?? null,
      actual: checkout.totals.total_cents,
      passed:
        payment?.max_charge_cents === undefined ||
        checkout.totals.total_cents <= payment.max_charge_cents,
    },
    {
      name: 'quantity',
      reason: 'QUANTITY_MISMATCH',
      limit: quantity,
      actual: boughtQuantity,
      passed: boughtQuantity === quantity,
    },
    {
      name: 'expires_at',
      reason: 'EXPIRED',
      limit: guardrails.expires_at ?? null,
      actual: new Date(now).toISOString(),
      passed: expiresAt === null || now < expiresAt,
    },
  ];
  const publicChecks = checks.map(({ reason: _reason, ...check }) => check);
  const failed = checks.find((check) => !check.passed);
  return failed
    ? { ok: false, reason: failed.reason, checks: publicChecks }
    : { ok: true, checks: publicChecks };
}
