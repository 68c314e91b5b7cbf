import type { EngineContext } from '../context';
import type { Caller } from '../caller';
import type { IdempotencyScope } from '../idempotency/records';

/** Hono context variables set by the middleware chain, in order. */
export interface ApiEnv {
  Variables: {
    ctx: EngineContext;
    requestId: string;
    caller: Caller;
    /** Parsed JSON body of a write (an object), `{}` when the request had none. */
    body: Record<string, unknown>;
    idempotency: IdempotencyScope | undefined;
    /** The response carries X-Request-Id already (json-text.ts). */
    requestIdSent: boolean;
  };
}
