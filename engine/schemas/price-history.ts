import { z } from './zod';

export const PricePoint = z
  .object({
    observed_at: z.string(),
    price_cents: z.number().int().nullable(),
    currency: z.string().nullable(),
    availability: z.string(),
  })
  .openapi('PricePoint');

export const PriceHistory = z
  .object({
    object: z.literal('list'),
    intent_id: z.string(),
    data: z.array(PricePoint),
    request_id: z.string(),
  })
  .openapi('PriceHistory');
