/**
 * The engine's door for its hosts (server/, the extension's background). The other entry files:
 * browser.ts, contract.ts, extract/index.ts (engine/ARCHITECTURE.md).
 */
export { createEngine, type Engine, type EngineOptions } from './engine';
export * from './ports';
export { TABLES, SCHEMA_VERSION } from './store/schema';
export { createMemoryStore } from './adapters/memory';
export { EngineError } from './errors';
export { ERROR_HTTP } from './api/error-map';
export { pathOf } from './api/url-path';
export { LIMITS, DEFAULT_RATE_LIMIT } from './limits';
export {
  AVAILABILITIES,
  EVENT_TYPES,
  STATUSES,
  TERMINAL_STATUSES,
  type Availability,
  type Status,
} from './vocabulary';
export { TRANSITIONS, type Trigger } from './machine/transitions';
export { applyTransition } from './machine/apply';
export { TEST_CARDS } from './payments/methods';
export { canonicalJson } from './util/canonical-json';
export { readCapped, readPrefix } from './util/read-capped';
export { merchantIdOf } from './util/merchant-id';
export { minorUnits } from './money';
export type { IntentDoc } from './schemas/intent-doc';
export type { NetworkPolicy } from './context';
export { createAcpConnector } from './merchants/acp/connector';
export { sandboxMerchant, sandboxMerchants, SANDBOX_API_KEY } from './merchants/sandbox';
export { verifyReceipt } from './receipts/signature';
export { checkAddress, checkHostText, type AddressVerdict } from './net/address-policy';
export { parseIpLiteral } from './net/parse-host';
export { DELIVERIES_PER_ENDPOINT } from './webhooks/dispatcher';
export { FACILITY_KINDS, type FacilityKind } from './vocabulary';
export { gtin14 } from './util/gtin';
export type { CatalogMode } from './schemas/catalog';
export type { ProductSighting } from './resolve/ingest-product';
export type { PlaceSighting } from './resolve/ingest-place';
export type { CatalogStats } from './resolve/catalog';
export type { CityCentre, Gazetteer } from './resolve/location';
