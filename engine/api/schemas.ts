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
