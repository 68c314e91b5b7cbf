import type { MiddlewareHandler } from 'hono';
import type { Caller } from '../../caller';
import type { Clock } from '../../ports';
import { EngineError } from '../../errors';
import type { RateLimit } from '../../limits';
import type { ApiEnv } from '../env';

interface Bucket {
  tokens: number;
  at: number;
}

export interface RateLimiter {
  /** Takes one request from the caller's key, or throws rate_limited saying when to retry. */
  take(caller: Caller): void;
}

/** Token bucket per API key: `perSecond` sustained, `burst` at once (CONTRACT §15). */
export function createRateLimiter(limit: RateLimit, clock: Clock): RateLimiter {
  const buckets = new Map<string, Bucket>();
  return {
    take(caller) {
      const key = caller.keyHash ?? caller.scope;
      const now = clock.now();
      const bucket = buckets.get(key) ?? { tokens: limit.burst, at: now };
      bucket.tokens = Math.min(
        limit.burst,
        bucket.tokens + ((now - bucket.at) / 1000) * limit.perSecond,
      );
      bucket.at = now;
      buckets.set(key, bucket);
      if (bucket.tokens < 1) {
        const wait = Math.max(1, Math.ceil((1 - bucket.tokens) / limit.perSecond));
        throw new EngineError(
          'rate_limited',
          `Too many requests: this key may make ${limit.perSecond} requests per second (bursts of ${limit.burst}). Retry after ${wait} s.`,
          undefined,
          wait,
        );
      }
      bucket.tokens -= 1;
    },
  };
}

export const rateLimit =
  (limiter: RateLimiter): MiddlewareHandler<ApiEnv> =>
  async (c, next) => {
    limiter.take(c.get('caller'));
    await next();
  };
