/** Limits of CONTRACT §15 and §6, in one place so docs, schemas and tests agree. */
export const LIMITS = {
  bodyBytes: 64 * 1024,
  metadataKeys: 50,
  metadataKeyLength: 40,
  metadataValueLength: 500,
  urlLength: 2048,
  idempotencyKeyLength: 255,
  idempotencyTtlMs: 24 * 60 * 60 * 1000,
  listLimit: { default: 10, max: 100 },
  eventsLimit: { default: 50, max: 200 },
  stringLength: 500,
  externalUserIdLength: 255,
  timeWindows: 50,
  allowedMerchants: 100,
  quantityMax: 10_000,
  /** Largest inventory level or trigger threshold accepted. */
  inventoryQuantityMax: 1_000_000_000,
  moneyMaxCents: 100_000_000_00,
  /** How far ahead of the service's clock a partner's observed_at may be (its clock's skew). */
  clockSkewMs: 5 * 60 * 1000,
} as const;

export interface RateLimit {
  /** Sustained requests per second per key. */
  perSecond: number;
  /** Bucket size: requests allowed in a burst. */
  burst: number;
}

export const DEFAULT_RATE_LIMIT: RateLimit = { perSecond: 100, burst: 200 };
