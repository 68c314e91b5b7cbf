import { DatabaseError } from 'pg';
import { EngineError } from '../../engine/index';

/** serialization_failure, deadlock_detected: the transaction was rolled back and may run again. */
const CONFLICTS = new Set(['40001', '40P01']);
/** admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections (besides class 08). */
const CONNECTION_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** What node-postgres says, without a code, when a socket closes under a query. */
const DRIVER_MESSAGES =
  /Connection terminated|Client has encountered a connection error|not queryable|timeout exceeded when trying to connect/i;

export const isConflict = (error: unknown) =>
  error instanceof DatabaseError && CONFLICTS.has(error.code ?? '');

/** The connection is gone (or was never there): whatever was not committed is rolled back. */
export function isConnectionLoss(error: unknown): boolean {
  if (error instanceof DatabaseError) {
    const code = error.code ?? '';
    return code.startsWith('08') || CONNECTION_STATES.has(code);
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  return error instanceof Error && DRIVER_MESSAGES.test(error.message);
}

/** A connection could not be had at all (the pool failed to connect). */
export class ConnectFailed extends Error {
  constructor(cause: unknown) {
    super(`Could not connect to PostgreSQL: ${(cause as Error)?.message ?? String(cause)}`, {
      cause,
    });
    this.name = 'ConnectFailed';
  }
}

const MESSAGES = {
  read: 'The database is unavailable. Retry in a moment.',
  not_started: 'The database is unavailable, so nothing was changed. Retry in a moment.',
  busy: 'The database is too busy with conflicting changes to make this one; nothing was changed. Retry in a moment.',
  unknown:
    'The connection to the database was lost while this change was being committed: it may or may not have been saved. Look it up, or retry with the same Idempotency-Key, which is safe either way.',
} as const;

/** 503 `service_unavailable` with Retry-After; the database error stays on `cause` for logs. */
export function unavailable(kind: keyof typeof MESSAGES, cause: unknown): EngineError {
  const error = new EngineError('service_unavailable', MESSAGES[kind], undefined, 1);
  error.cause = cause;
  return error;
}
