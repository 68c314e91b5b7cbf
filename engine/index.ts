/**
 * The engine's door for its hosts (server/, the extension's background). The other entry files:
 * browser.ts, contract.ts, extract/index.ts (engine/ARCHITECTURE.md).
 */
export { createEngine, systemClock, type Engine, type EngineOptions } from './engine';
export type { EngineContext } from './context';
export type { Caller } from './caller';
export * from './ports';
export { TABLES, SCHEMA_VERSION, type TableName } from './store/schema';
export { createMemoryStore } from './adapters/memory';
export { EngineError, type ErrorCode } from './errors';
export { ERROR_HTTP } from './api/error-map';
export { LIMITS, DEFAULT_RATE_LIMIT, type RateLimit } from './limits';
export {
  STATUSES,
  EVENT_TYPES,
  TERMINAL_STATUSES,
  type Status,
  type EventType,
} from './vocabulary';
export { TRANSITIONS, type Trigger } from './machine/transitions';
export { applyTransition } from './machine/apply';
export { TEST_PAYMENT_METHODS, TEST_CARDS, type TestPaymentMethodId } from './payments/methods';
export { createIdSource } from './ids';
export { canonicalJson } from './util/canonical-json';
export type { IntentDoc } from './schemas/intent-doc';
export type { EventDoc } from './events/log';
export { matchesQuery, compareIndexValues, indexValues } from './store/query';
export { AVAILABILITIES, type Availability } from './vocabulary';
export { merchantIdOf } from './util/merchant-id';
export {
  createAcpConnector,
  ACP_API_VERSION,
  type AcpMerchantConfig,
} from './merchants/acp/connector';
export { verifyReceipt } from './receipts/signer';
