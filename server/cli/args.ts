import { parseArgs, type ParseArgsConfig } from 'node:util';

export class UsageError extends Error {}

/** parseArgs with usage errors instead of stack traces; refuses arguments past `maxPositionals`. */
export function parseFlags<T extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: T,
  maxPositionals = 0,
) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const extra = parsed.positionals[maxPositionals];
  if (extra !== undefined) throw new UsageError(`Unexpected argument '${extra}'.`);
  return parsed;
}

export function intFlag(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new UsageError(`--${name} must be a non-negative integer (got '${value}').`);
  return n;
}

export function portFlag(value: string | undefined, name: string, fallback: number): number {
  const port = intFlag(value, name, fallback);
  if (port > 65535)
    throw new UsageError(`--${name} must be a port from 0 to 65535 (got '${value}').`);
  return port;
}
