/** One guardrail checked on the merchant's own totals before payment; copied into the receipt. */
export interface GuardrailCheck {
  name:
    | 'allowed_merchants'
    | 'currency'
    | 'max_price_cents'
    | 'max_charge_cents'
    | 'expires_at'
    | 'quantity';
  passed: boolean;
  limit: unknown;
  actual: unknown;
}
