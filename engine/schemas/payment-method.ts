import { z } from './zod';

const PaymentMethodRecord = z
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

/** A payment method a partner may name (CONTRACT §10). */
export type PaymentMethod = z.infer<typeof PaymentMethodRecord>;
