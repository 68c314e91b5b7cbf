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
    // parseArgs adds advice about '--' that misleads for a mistyped flag: name the flag alone.
    const unknown = /^Unknown option '([^']+)'/.exec((error as Error).message);
    throw new UsageError(unknown ? `Unknown option '${unknown[1]}'.` : (error as Error).message);
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

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A duration such as `90d`, `24h`, `30m`, `45s` (or `0`), in milliseconds. */
export function durationFlag(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (value === '0') return 0;
  const match = /^(\d+)([smhd])$/.exec(value);
  if (!match) {
    throw new UsageError(
      `--${name} must be a number and a unit: s, m, h or d, e.g. 90d or 24h (got '${value}').`,
    );
  }
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  if (ms > MAX_DURATION_MS)
    throw new UsageError(`--${name} is longer than 100 years (36500d) (got '${value}').`);
  return ms;
}

const MAX_DURATION_MS = 36_500 * UNIT_MS.d;
