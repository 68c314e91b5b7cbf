import { z } from '../../schemas/zod';

/** A `limit` query parameter: an integer in [1, max]; out of range is a 400, never clamped. */
export const limitParam = (fallback: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback;
      const n = /^\d+$/.test(value) ? Number(value) : NaN;
      if (!Number.isInteger(n) || n < 1 || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be an integer from 1 to ${max}` });
        return z.NEVER;
      }
      return n;
    })
    .openapi({ type: 'integer', minimum: 1, maximum: max, default: fallback });
