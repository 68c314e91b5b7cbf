import { canonicalJson } from '../../engine/index';
import { SandboxError } from './errors';
import type { IdempotencyRecord, SandboxState, StoredResponse } from './types';

/** ACP idempotency: the key is scoped to API key + method + path; replays last 24 hours. */
const WINDOW_MS = 24 * 3_600_000;

export function requireIdempotencyKey(header: string | undefined): string {
  if (header === undefined || header.length === 0 || header.length > 255) {
    throw new SandboxError(
      400,
      'idempotency_key_required',
      'Every POST needs an Idempotency-Key header of 1-255 characters (a UUID v4 works well).',
    );
  }
  return header;
}

export type Begin = { kind: 'new'; hash: string } | { kind: 'replay'; response: StoredResponse };

/**
 * Claims a key before the request runs. Same key + same body replays the stored response;
 * a different body is 422 idempotency_conflict; a twin still running is 409 idempotency_in_flight.
 */
export function begin(state: SandboxState, scopeKey: string, body: unknown, now: number): Begin {
  const hash = canonicalJson(body ?? null);
  const prior = state.idempotency.get(scopeKey);
  const live = prior && (prior.state === 'in_flight' || now - prior.at < WINDOW_MS);
  if (prior && live) {
    if (prior.hash !== hash) {
      throw new SandboxError(
        422,
        'idempotency_conflict',
        'Idempotency-Key has already been used with a different request body; use a new key for a new request.',
      );
    }
    if (prior.state === 'in_flight') {
      throw new SandboxError(
        409,
        'idempotency_in_flight',
        'A request with this Idempotency-Key is currently being processed; retry after Retry-After seconds.',
        undefined,
        {},
        { 'Retry-After': '1' },
      );
    }
    return { kind: 'replay', response: prior.response };
  }
  const record: IdempotencyRecord = { state: 'in_flight', hash };
  state.idempotency.set(scopeKey, record);
  return { kind: 'new', hash };
}

/** Stores a 2xx for replay; anything else frees the key so the request can be retried. */
export function finish(
  state: SandboxState,
  scopeKey: string,
  hash: string,
  response: StoredResponse | undefined,
  now: number,
): void {
  if (response && response.status >= 200 && response.status < 300) {
    state.idempotency.set(scopeKey, { state: 'done', hash, response, at: now });
  } else {
    state.idempotency.delete(scopeKey);
  }
}
