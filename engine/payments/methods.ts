/** Payment methods a partner may name (CONTRACT §10). Test mode: these test cards. */
import type { PaymentMethod } from '../schemas/payment-method';

const card = (number: string, brand: string, description: string) => ({
  number,
  brand,
  exp_month: 12,
  exp_year: 2034,
  description,
});

/**
 * Test card numbers: the delegated-payment request carries the number, and the sandbox merchant
 * decides the outcome from it (it reads this same table).
 */
export const TEST_CARDS = {
  pm_card_visa: card('4242424242424242', 'visa', 'Succeeds without asking the user.'),
  pm_card_otp_required: card(
    '4000002500003155',
    'visa',
    'Asks for a one-time code; the sandbox accepts 000000.',
  ),
  pm_card_3ds_required: card('5200000000053220', 'mastercard', 'Asks for a 3-D Secure challenge.'),
  pm_card_declined: card('4000000000000002', 'visa', 'Fails with card_declined.'),
  pm_card_insufficient_funds: card('4000000000009995', 'visa', 'Fails with insufficient_funds.'),
} as const;

export type TestPaymentMethodId = keyof typeof TEST_CARDS;

/** Pays by invoice on the intent's `payment.billing_terms`: no card, nothing charged at checkout. */
export const INVOICE_METHOD_ID = 'pm_invoice_net_terms';

const INVOICE_METHOD: PaymentMethod = {
  object: 'payment_method',
  id: INVOICE_METHOD_ID,
  brand: 'invoice',
  last4: '',
  description:
    "Pays by invoice on the intent's payment.billing_terms (net-15, net-30, net-60, due_on_receipt); the sandbox places the order with terms and a due date and charges no card.",
  livemode: false,
};

export const TEST_PAYMENT_METHODS: readonly PaymentMethod[] = [
  ...Object.entries(TEST_CARDS).map(([id, test]): PaymentMethod => ({
    object: 'payment_method',
    id,
    brand: test.brand,
    last4: test.number.slice(-4),
    description: test.description,
    livemode: false,
  })),
  INVOICE_METHOD,
];

/** Live methods come from a configured vault later; none are configured in v1. */
export function paymentMethodsFor(livemode: boolean): readonly PaymentMethod[] {
  return livemode ? [] : TEST_PAYMENT_METHODS;
}

export function findPaymentMethod(livemode: boolean, id: string): PaymentMethod | undefined {
  return paymentMethodsFor(livemode).find((method) => method.id === id);
}
