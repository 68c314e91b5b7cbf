import { z } from 'zod';

/** Field types shared by the import rows of every kind (JSON values, or CSV cells as text). */
export const text = (max: number) => z.string().trim().min(1).max(max);

export const httpUrl = z
  .string()
  .max(2048)
  .refine((value) => /^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value), 'an http(s) URL');

/** A number, or a CSV cell holding one. */
export const number = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/, 'a number')
    .transform(Number),
]);

export const timestamp = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), 'an ISO 8601 timestamp')
  .transform((value) => new Date(Date.parse(value)).toISOString());

/** Why a row is refused, in a few words: the first problem with its field. */
export function issueOf(error: z.ZodError): string {
  const issue = error.issues[0]!;
  if (issue.code === 'unrecognized_keys') return `unknown field '${issue.keys[0]}'`;
  const field = issue.path.join('.') || 'row';
  if (issue.code === 'invalid_type' && issue.input === undefined) return `${field} is missing`;
  const message =
    issue.code === 'custom' || issue.code === 'invalid_format'
      ? issue.message
      : issue.message.toLowerCase();
  return `${field}: ${message}`;
}
