import { paymentMethodsFor } from '../../payments/methods';
import { defineEndpoint } from '../endpoint';
import { PaymentMethodList } from '../../schemas/payment-method';

export const listPaymentMethods = defineEndpoint({
  method: 'get',
  path: '/payment_methods',
  operationId: 'listPaymentMethods',
  summary: 'List the payment methods this key may name',
  description: 'In test mode: the test cards of CONTRACT §10.',
  tag: 'Payment methods',
  success: { status: 200, schema: PaymentMethodList, description: 'The payment methods.' },
  errors: [],
  handle: async (c) =>
    c.json({
      object: 'list' as const,
      data: [...paymentMethodsFor(c.get('caller').livemode)],
      has_more: false,
      next_cursor: null,
      request_id: c.get('requestId'),
    }),
});
