/** Payment methods a partner may name (CONTRACT §10). Test mode: these test cards. */
export interface PaymentMethod {
  object: 'payment_method';
  id: string;
  brand: string;
  last4: string;
  description: string;
  livemode: boolean;
}

const testCard = (
  id: string,
  brand: string,
  last4: string,
  description: string,
): PaymentMethod => ({
  object: 'payment_method',
  id,
  brand,
  last4,
  description,
  livemode: false,
});

export const TEST_PAYMENT_METHODS: readonly PaymentMethod[] = [
  testCard('pm_card_visa', 'visa', '4242', 'Succeeds without asking the user.'),
  testCard(
    'pm_card_otp_required',
    'visa',
    '3155',
    'Asks for a one-time code; the sandbox accepts 000000.',
  ),
  testCard('pm_card_3ds_required', 'mastercard', '3220', 'Asks for a 3-D Secure challenge.'),
  testCard('pm_card_declined', 'visa', '0002', 'Fails with card_declined.'),
  testCard('pm_card_insufficient_funds', 'visa', '9995', 'Fails with insufficient_funds.'),
];

/** Live methods come from a configured vault later; none are configured in v1. */
export function paymentMethodsFor(livemode: boolean): readonly PaymentMethod[] {
  return livemode ? [] : TEST_PAYMENT_METHODS;
}

export function findPaymentMethod(livemode: boolean, id: string): PaymentMethod | undefined {
  return paymentMethodsFor(livemode).find((method) => method.id === id);
}
