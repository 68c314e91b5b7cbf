import { createApi, type ApiOptions } from './api/app';
import { createApiKey, listApiKeys, revokeApiKey } from './auth/keys';
import type { EngineContext } from './context';
import { createIdSource } from './ids';
import { purgeExpiredIdempotency } from './idempotency/records';
import type { Clock, IdSource, Store } from './ports';

export interface EngineOptions {
  store: Store;
  clock?: Clock;
  ids?: IdSource;
  api?: ApiOptions;
}

export const systemClock: Clock = { now: () => Date.now() }; // eslint-disable-line no-restricted-syntax -- the default Clock adapter

/**
 * Wires the engine from its ports. Runtime hosts (server/main.ts, the extension's background)
 * only choose adapters and call this.
 */
export function createEngine(options: EngineOptions) {
  const clock = options.clock ?? systemClock;
  const ctx: EngineContext = {
    store: options.store,
    clock,
    ids: options.ids ?? createIdSource(clock),
  };
  const api = createApi(ctx, options.api);
  return {
    ctx,
    api,
    /** The v1 API (and /v1/openapi.json) as a fetch handler. */
    fetch: (request: Request) => api.fetch(request),
    keys: {
      create: (partnerName: string, livemode = false) => createApiKey(ctx, partnerName, livemode),
      list: () => listApiKeys(ctx),
      revoke: (prefix: string) => revokeApiKey(ctx, prefix),
    },
    /** Periodic housekeeping: expired idempotency records. */
    maintain: () => purgeExpiredIdempotency(ctx),
    close: () => options.store.close(),
  };
}

export type Engine = ReturnType<typeof createEngine>;
