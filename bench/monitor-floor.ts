import Database from 'better-sqlite3';
import { TABLES } from '../engine/index';
import { extractProduct } from '../engine/extract/index';
import { tableStatements } from '../server/store/sqlite-sql';
import { createWalSync } from '../server/store/wal-sync';
import { keepLogShort } from '../server/store/checkpointer';
import { sameShapeId, writeRow } from './floor-rows';

/**
 * The floor under the monitor's first round: the same durable writes — the watches claimed, a
 * batch of `claimBatch` per commit (the claim moves each one's due time and names the instance:
 * engine/store/claims.ts), then per watch checked: every intent updated to waiting with its index
 * column, one event each, the watch, one observation and the page's new catalog product and offer
 * (with their index columns) — grouped into commits the way the group commit does, synced and
 * checkpointed as our store does it (the WAL synced on the thread pool while the next commit is
 * written, server/store/wal-sync.ts; checkpoints on a worker thread), on a copy of the same
 * database, with better-sqlite3 alone — no engine, no store adapter. Its rows carry the same
 * fields, with values and ids of the same sizes, as ours. The monitor's figure is reported as a
 * ratio to this one, measured in the same run.
 */
export async function firstRoundFloor(
  file: string,
  watchesPerCommit: number,
  claimBatch: number,
): Promise<number> {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const walSync = createWalSync(file);
  // The log kept short as our store keeps it. A log that only grows made this floor slower and
  // far less steady (3.1-3.5 s against 2.8-2.9 s, copies of one database alternated).
  const checkpointer = keepLogShort(db, file);
  const intents = tableStatements(db, 'intents', TABLES.intents);
  const events = tableStatements(db, 'events', TABLES.events);
  const watches = tableStatements(db, 'watches', TABLES.watches);
  const observations = tableStatements(db, 'observations', TABLES.observations);
  const products = tableStatements(db, 'products', TABLES.products);
  const offers = tableStatements(db, 'catalog_offers', TABLES.catalog_offers);
  const byWatch = db.prepare('SELECT doc FROM intents WHERE f_watch_id = ?').pluck();
  const statusOnly = intents.updateChanged(1 << intents.fields.indexOf('status'));
  const dueWatches = (
    db.prepare('SELECT doc FROM watches ORDER BY f_next_check_at').pluck().all() as string[]
  ).map((text) => JSON.parse(text) as Record<string, unknown>);
  /**
   * One watch's check: its writes, as the round makes them in the watch's transaction, with the
   * fields and values of the same sizes as ours (ids of our shape, the page's host as merchant).
   */
  const checkWrites = (watch: Record<string, unknown>, n: number) => {
    const at = Date.now();
    const now = new Date(at).toISOString();
    const observation = {
      price_cents: 15000,
      currency: 'USD',
      availability: 'in_stock',
      merchant: new URL(watch.url as string).host,
      observed_at: now,
      source: 'json-ld',
    };
    writeRow(watches, watch.watch_id as string, {
      ...watch,
      next_check_at: at + 60_000,
      last_observation: observation,
      offer_sku: `sku-${n}`,
      last_ambiguous: false,
      page_fingerprint: FINGERPRINT,
      last_history_at: at,
      claimed_by: null,
      not_before: at + 30_000,
      catalog: { fingerprint: FINGERPRINT, at },
    });
    const observationId = sameShapeId('obs', n);
    writeRow(observations, observationId, {
      observation_id: observationId,
      watch_id: watch.watch_id,
      ...observation,
    });
    catalogWrites(watch, observation, n);
    for (const text of byWatch.all(watch.watch_id) as string[]) {
      const intent = JSON.parse(text) as Record<string, unknown>;
      const next = {
        ...intent,
        status: 'waiting',
        waiting_reason: 'PRICE_ABOVE_LIMIT',
        last_observation: observation,
        updated_at: now,
        version: (intent.version as number) + 1,
      };
      statusOnly.run(JSON.stringify(next), 'waiting', intent.intent_id);
      const eventId = sameShapeId('evt', n++);
      writeRow(events, eventId, {
        event_id: eventId,
        intent_id: intent.intent_id,
        scope: intent.scope,
        livemode: intent.livemode,
        type: 'intent.waiting',
        timestamp: now,
        data: {
          reason: 'PRICE_ABOVE_LIMIT',
          price_cents: observation.price_cents,
          currency: observation.currency,
          availability: observation.availability,
          merchant: observation.merchant,
        },
      });
    }
    return n;
  };
  /** The page's catalog product and this merchant's offer of it, as a new page enters them. */
  const catalogWrites = (
    watch: Record<string, unknown>,
    observation: Record<string, unknown>,
    n: number,
  ) => {
    const productId = sameShapeId('prod', n);
    writeRow(products, productId, {
      product_id: productId,
      mode: 'test',
      name: `Product ${n}`,
      brand: null,
      identifiers: { gtin: null, upc: null, ean: null, mpn: null, sku: `sku-${n}` },
      image: null,
      category: null,
      gtin_key: null,
      mpn_key: null,
      merchant_coverage: [observation.merchant],
      created_at: observation.observed_at,
      updated_at: observation.observed_at,
    });
    const offerId = `${productId} ${String(observation.merchant)}`;
    const { source: _source, ...offered } = observation;
    writeRow(offers, offerId, {
      offer_id: offerId,
      product_id: productId,
      mode: 'test',
      url: watch.url,
      sku: `sku-${n}`,
      ...offered,
    });
  };

  const start = performance.now();
  let n = 0;
  const commit = () => {
    db.exec('COMMIT');
    void walSync.durable(walSync.committed());
    checkpointer.committed();
  };
  for (let c = 0; c < dueWatches.length; c += claimBatch) {
    const claimed = dueWatches.slice(c, c + claimBatch);
    db.exec('BEGIN IMMEDIATE');
    for (const watch of claimed) {
      writeRow(watches, watch.watch_id as string, {
        ...watch,
        next_check_at: Date.now() + 60_000,
        claimed_by: 'floor',
      });
    }
    commit();
    for (let i = 0; i < claimed.length; i += watchesPerCommit) {
      db.exec('BEGIN IMMEDIATE');
      for (const watch of claimed.slice(i, i + watchesPerCommit)) n = checkWrites(watch, n);
      commit();
    }
  }
  await walSync.durable(walSync.lastCommit());
  const ms = performance.now() - start;
  await walSync.close();
  await checkpointer.close();
  db.close();
  return Math.round(ms);
}

/** A page fingerprint as long as ours (engine/extract). */
const FINGERPRINT = '0000000.0000000.00';

/**
 * The other part of the floor: reading price and stock off every page of the round, nothing else
 * (no fetch, no decision, no store). Run once before timing, as the round runs on warm code too.
 */
export function extractionFloor(pages: Array<{ url: string; body: string }>): number {
  const readAll = () => pages.forEach(({ url, body }) => extractProduct(body, url, {}));
  readAll();
  const start = performance.now();
  readAll();
  return Math.round(performance.now() - start);
}
