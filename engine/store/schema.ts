import type { TableDef } from '../ports';

/**
 * Every table the engine stores, with its indexes. Adapters derive their physical schema from this
 * (SQLite expression indexes, Dexie compound indexes, in-memory scans), so adding an index here is
 * the whole migration for the index itself. `scope` is `<partner_id>:<test|live>`: the unit of
 * isolation for every partner-owned object.
 */
export const TABLES = {
  partners: { key: 'partner_id', indexes: { by_name: ['name'] } },
  api_keys: { key: 'key_hash', indexes: { by_prefix: ['prefix'], by_created: ['created_at'] } },
  intents: {
    key: 'intent_id',
    indexes: {
      by_scope: ['scope', 'intent_id'],
      by_user: ['scope', 'external_user_id', 'intent_id'],
      by_status: ['scope', 'status', 'intent_id'],
      by_watch: ['watch_id', 'intent_id'],
      by_expiry: ['expires_at_ms'],
      /** Procurement intents by the sku their trigger watches (null once terminal). */
      by_trigger_sku: ['scope', 'trigger_sku', 'intent_id'],
    },
    // Every transition is written while the version it was decided on holds (machine/apply.ts).
    compared: ['version'],
  },
  events: {
    key: 'event_id',
    indexes: { by_intent: ['intent_id', 'event_id'], by_scope: ['scope', 'event_id'] },
  },
  idempotency: { key: 'id', indexes: { by_expiry: ['expires_at'] } },
  /**
   * The Resolve catalog's products (schemas/catalog.ts), matched across merchants by these keys;
   * `by_updated` lets every instance's search index pick up the others' writes (resolve/).
   */
  products: {
    key: 'product_id',
    indexes: {
      by_gtin: ['mode', 'gtin_key'],
      by_mpn: ['mode', 'mpn_key'],
      by_updated: ['updated_at'],
    },
  },
  /** One row per catalog product and merchant: the page, its sku and what it said last. */
  catalog_offers: {
    key: 'offer_id',
    indexes: {
      by_product: ['product_id', 'merchant'],
      by_url: ['mode', 'url'],
      by_sku: ['mode', 'sku'],
    },
  },
  /** Resolve's venues and appointment facilities: imported (no mode: places are public facts). */
  venues: { key: 'venue_id', indexes: { by_match: ['match_key'], by_updated: ['updated_at'] } },
  facilities: {
    key: 'facility_id',
    indexes: { by_match: ['match_key'], by_updated: ['updated_at'] },
  },
  receipts: { key: 'receipt_id', indexes: { by_intent: ['intent_id'] } },
  /** Execution attempts: the executor's recovery points. */
  executions: { key: 'execution_id', indexes: { by_state: ['state', 'execution_id'] } },
  /** Which engine instance runs an execution attempt, and until when (execute/lease.ts). */
  leases: { key: 'lease_id', indexes: { by_until: ['until'] } },
  /** Engine-wide settings (e.g. the receipt signing key). */
  settings: { key: 'name', indexes: {} },
  /** One per watched URL and mode: the monitor's schedule and the last observation. */
  watches: { key: 'watch_id', indexes: { by_due: ['next_check_at'] } },
  /**
   * A product intent (objective.product.product_id) and the watch of each allowed offer's page,
   * with what buying there taught (schemas/offer-link.ts). URL intents use intents.by_watch.
   */
  intent_watches: {
    key: 'link_id',
    indexes: { by_watch: ['watch_id', 'intent_id'], by_intent: ['intent_id', 'watch_id'] },
  },
  /** Product intents, and when the monitor next compares their links with the catalog. */
  product_intents: { key: 'intent_id', indexes: { by_relink: ['relink_at'] } },
  /** Price/stock history points of a watch (on change, and at most hourly otherwise). */
  observations: { key: 'observation_id', indexes: { by_watch: ['watch_id', 'observation_id'] } },
  /** Inventory levels reported by partners (POST /v1/inventory_levels), every one kept. */
  inventory_reports: { key: 'report_id', indexes: { by_sku: ['scope', 'sku', 'report_id'] } },
  /** The latest report per scope, sku and location: what procurement triggers compare. */
  inventory_levels: { key: 'level_id', indexes: { by_sku: ['scope', 'sku'] } },
  /** Partners' webhook endpoints (engine/webhooks). */
  webhook_endpoints: { key: 'endpoint_id', indexes: { by_scope: ['scope', 'endpoint_id'] } },
  /**
   * The outbox: one row per event and endpoint still to deliver, written with the event.
   * `lane` is `<endpoint_id>|<intent_id or event_id>`: deliveries of one lane go in event order.
   */
  webhook_outbox: {
    key: 'outbox_id',
    indexes: { by_due: ['next_attempt_at'], by_lane: ['lane', 'event_id'] },
  },
  /** Delivery attempts, for GET /v1/webhook_endpoints/{id}/deliveries; purged after 30 days. */
  webhook_attempts: {
    key: 'attempt_id',
    indexes: { by_endpoint: ['endpoint_id', 'attempt_id'], by_created: ['created_at'] },
  },
} as const satisfies Record<string, TableDef>;

/** Bump when TABLES changes shape; adapters use it to migrate (Dexie versions, SQLite user_version). */
export const SCHEMA_VERSION = 7;
