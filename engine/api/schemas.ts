import { z } from '../schemas/zod';

export const ErrorBody = z
  .object({
    error: z.object({
      type: z.enum([
        'invalid_request_error',
        'authentication_error',
        'idempotency_error',
        'rate_limit_error',
        'api_error',
      ]),
      code: z.string(),
      message: z.string(),
      param: z.string().optional().openapi({ description: 'Dotted path of the offending field.' }),
    }),
    request_id: z.string(),
  })
  .openapi('Error');

export const PaymentMethodRecord = z
  .object({
    object: z.literal('payment_method'),
    id: z.string(),
    brand: z.string(),
    last4: z.string(),
    description: z.string(),
    livemode: z.boolean(),
  })
  .openapi('PaymentMethod');

export const PaymentMethodList = z
  .object({
    object: z.literal('list'),
    data: z.array(PaymentMethodRecord),
    has_more: z.boolean(),
    next_cursor: z.string().nullable(),
    request_id: z.string(),
  })
  .openapi('PaymentMethodList');
