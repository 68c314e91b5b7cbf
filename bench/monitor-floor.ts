import Database from 'better-sqlite3';
import { TABLES } from '../engine/index';
import { extractProduct } from '../engine/extract/index';
import { createIdSource } from '../engine/ids';
import { tableStatements, toSql } from '../server/store/sqlite-sql';
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
type Row = Record<string, unknown>;

/** What a check observed, as the round writes it on the watch, the intents and their events. */
interface FloorObservation {
  price_cents: number | null;
  currency: string | null;
  availability: string;
  merchant: string;
  observed_at: string;
  source: string;
}

/** What a check read off its page that the catalog keeps: the product's name and sku. */
interface PageProduct {
  name: string;
  sku: string;
}

/** The SQL our SQLite store runs for a query of `index` with `fixed` fields fixed (then bound). */
const indexQuery = (table: keyof typeof TABLES, index: string, fixed: number) => {
  const prefix = (TABLES[table].indexes as Record<string, string[]>)[index]!.slice(0, fixed);
  return toSql(table, TABLES[table], { index, prefix: prefix.map(() => '') }).sql;
};

/**
 * The round's durable writes with better-sqlite3 alone, on a copy of the database: the statements
 * both floors use, synced and checkpointed as our store does it (the WAL synced on the thread pool
 * while the next commit is written, server/store/wal-sync.ts; checkpoints on a worker thread).
 */
function openFloorDb(file: string) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const walSync = createWalSync(file);
  // The log kept short as our store keeps it. A log that only grew made this floor slower and
  // far less steady (3.1-3.5 s against 2.8-2.9 s, copies of one database alternated).
  const checkpointer = keepLogShort(db, file);
  const intents = tableStatements(db, 'intents', TABLES.intents);
  const events = tableStatements(db, 'events', TABLES.events);
  const watches = tableStatements(db, 'watches', TABLES.watches);
  const observations = tableStatements(db, 'observations', TABLES.observations);
  const products = tableStatements(db, 'products', TABLES.products);
  const offers = tableStatements(db, 'catalog_offers', TABLES.catalog_offers);
  // Queried as our store queries (its partial indexes need every field asked present).
  const byWatch = db.prepare(indexQuery('intents', 'by_watch', 1)).pluck();
  // The columns an intent's move to waiting changes: its status, and its version (kept in a
  // column for compare-and-set writes, unindexed: engine/store/schema.ts `compared`).
  const statusOnly = intents.updateChanged(
    (1 << intents.fields.indexOf('status')) | (1 << intents.fields.indexOf('version')),
  );
  const dueStatement = db.prepare(indexQuery('watches', 'by_due', 0)).pluck();
  /** Every watch, due first: a round finds what is due too, so this is timed. */
  const dueWatches = () => (dueStatement.all() as string[]).map((text) => JSON.parse(text) as Row);

  /** The claim of a batch of watches: each one's due time moved and this instance named. */
  const claim = (claimed: Row[]) => {
    for (const watch of claimed) {
      writeRow(watches, watch.watch_id as string, {
        ...watch,
        next_check_at: Date.now() + 60_000,
        claimed_by: 'floor',
      });
    }
  };

  /**
   * One watch's check: its writes, as the round makes them in the watch's transaction, with the
   * fields and values of the same sizes as ours — every watching intent to waiting for the reason
   * `reasonOf` gives, with its event.
   */
  const checkWrites = (
    watch: Row,
    observation: FloorObservation,
    product: PageProduct,
    reasonOf: (intent: Row) => string,
    idOf: (prefix: string) => string,
  ) => {
    const at = Date.parse(observation.observed_at);
    writeRow(watches, watch.watch_id as string, {
      ...watch,
      next_check_at: at + 60_000,
      last_observation: observation,
      offer_sku: product.sku,
      last_ambiguous: false,
      page_fingerprint: FINGERPRINT,
      last_history_at: at,
      claimed_by: null,
      not_before: at + 30_000,
      catalog: { fingerprint: FINGERPRINT, at },
    });
    const observationId = idOf('obs');
    writeRow(observations, observationId, {
      observation_id: observationId,
      watch_id: watch.watch_id,
      ...observation,
    });
    catalogWrites(watch, observation, product, idOf('prod'));
    for (const text of byWatch.all(watch.watch_id) as string[]) {
      const intent = JSON.parse(text) as Row;
      const reason = reasonOf(intent);
      const next = {
        ...intent,
        status: 'waiting',
        waiting_reason: reason,
        last_observation: observation,
        updated_at: observation.observed_at,
        version: (intent.version as number) + 1,
      };
      statusOnly.run(JSON.stringify(next), 'waiting', next.version, intent.intent_id);
      const eventId = idOf('evt');
      writeRow(events, eventId, {
        event_id: eventId,
        intent_id: intent.intent_id,
        scope: intent.scope,
        livemode: intent.livemode,
        type: 'intent.waiting',
        timestamp: observation.observed_at,
        data: {
          reason,
          price_cents: observation.price_cents,
          currency: observation.currency,
          availability: observation.availability,
          merchant: observation.merchant,
        },
      });
    }
  };
  /** The page's catalog product and this merchant's offer of it, as a new page enters them. */
  const catalogWrites = (
    watch: Row,
    observation: FloorObservation,
    product: PageProduct,
    productId: string,
  ) => {
    writeRow(products, productId, {
      product_id: productId,
      mode: 'test',
      name: product.name,
      brand: null,
      identifiers: { gtin: null, upc: null, ean: null, mpn: null, sku: product.sku },
      image: null,
      category: null,
      gtin_key: null,
      mpn_key: null,
      merchant_coverage: [observation.merchant],
      created_at: observation.observed_at,
      updated_at: observation.observed_at,
    });
    const offerId = `${productId} ${observation.merchant}`;
    const { source: _source, ...offered } = observation;
    writeRow(offers, offerId, {
      offer_id: offerId,
      product_id: productId,
      mode: 'test',
      url: watch.url,
      sku: product.sku,
      ...offered,
    });
  };

  /** A commit, synced off the thread as the store's are; returns its sequence number. */
  const commit = () => {
    db.exec('COMMIT');
    const seq = walSync.committed();
    void walSync.durable(seq);
    checkpointer.committed();
    return seq;
  };
  const close = async () => {
    await walSync.durable(walSync.lastCommit());
    await walSync.close();
    await checkpointer.close();
    db.close();
  };
  return { db, walSync, dueWatches, claim, checkWrites, commit, close };
}

/**
 * The floor under the monitor's first round: the same durable writes — the watches claimed, a
 * batch of `claimBatch` per commit (the claim moves each one's due time and names the instance:
 * engine/store/claims.ts), then per watch checked: every intent updated to waiting with its index
 * column, one event each, the watch, one observation and the page's new catalog product and offer
 * (with their index columns) — grouped into commits the way the group commit does, synced and
 * checkpointed as our store does it, on a copy of the same database, with better-sqlite3 alone —
 * no engine, no store adapter, no page read. Its rows carry the same fields, with values and ids
 * of the same sizes, as ours. The monitor's figure is reported as a ratio to this one (plus
 * extractionFloor), measured in the same run.
 */
export async function firstRoundFloor(
  file: string,
  watchesPerCommit: number,
  claimBatch: number,
): Promise<number> {
  const floor = openFloorDb(file);
  const { db } = floor;
  let n = 0;
  const idOf = (prefix: string) => sameShapeId(prefix, n++);
  const observed = (watch: Row): FloorObservation => ({
    price_cents: 15000,
    currency: 'USD',
    availability: 'in_stock',
    merchant: new URL(watch.url as string).host,
    observed_at: new Date().toISOString(),
    source: 'json-ld',
  });
  const start = performance.now();
  const dueWatches = floor.dueWatches();
  for (let c = 0; c < dueWatches.length; c += claimBatch) {
    const claimed = dueWatches.slice(c, c + claimBatch);
    db.exec('BEGIN IMMEDIATE');
    floor.claim(claimed);
    floor.commit();
    for (let i = 0; i < claimed.length; i += watchesPerCommit) {
      db.exec('BEGIN IMMEDIATE');
      for (const watch of claimed.slice(i, i + watchesPerCommit)) {
        const product = { name: `Product ${n}`, sku: `sku-${n}` };
        floor.checkWrites(watch, observed(watch), product, () => 'PRICE_ABOVE_LIMIT', idOf);
      }
      floor.commit();
    }
  }
  await floor.walSync.durable(floor.walSync.lastCommit());
  const ms = performance.now() - start;
  await floor.close();
  return Math.round(ms);
}

/**
 * Why an intent waits on what a page says, by the contract's rules (CONTRACT §9) for the
 * conditions the bench's intents carry, in their cheapest form; the floor never executes.
 */
function waitingReason(intent: Row, observation: FloorObservation): string {
  const conditions = (intent.conditions ?? {}) as Row;
  const allowed = (intent.guardrails as Row | undefined)?.allowed_merchants as string[] | undefined;
  if (allowed && !allowed.includes(observation.merchant)) return 'MERCHANT_NOT_ALLOWED';
  if (conditions.availability === 'in_stock' && observation.availability !== 'in_stock')
    return 'OUT_OF_STOCK';
  if (conditions.currency && conditions.currency !== observation.currency)
    return 'CURRENCY_MISMATCH';
  const max = conditions.max_price_cents as number | undefined;
  if (max !== undefined && (observation.price_cents ?? Infinity) > max) return 'PRICE_ABOVE_LIMIT';
  throw new Error('the floor does not execute: every intent of the bench waits');
}

/**
 * The contract's floor under the first round: the least any monitor must do for the round, each
 * part in its cheapest form — the floor's writes (same rows, claims and commits), with every
 * page fetched through an async fetcher, `concurrency` at a time, and read (our extractor: the
 * floor reads with it too) as it arrives; each watch's intents read in its transaction and
 * decided by the contract's rules; ULIDs; one group commit for the checks ready while the last
 * commit syncs, each check done once its commit is durable — as any monitor that fetches pages
 * concurrently and commits durably must. Nothing else of ours: no store adapter, state machine,
 * event log, catalog matching, page fingerprint or read before the fetch.
 */
export async function contractRoundFloor(
  file: string,
  concurrency: number,
  claimBatch: number,
  fetchPage: (url: string) => Promise<string>,
): Promise<number> {
  const floor = openFloorDb(file);
  const { db, walSync } = floor;
  let dueWatches: Row[] = [];
  const ulids = createIdSource({ now: () => Date.now() });
  const idOf = (prefix: string) => ulids.next(prefix);
  let units: { write: () => void; done: () => void }[] = [];
  const flush = () => {
    const batch = units;
    units = [];
    db.exec('BEGIN IMMEDIATE');
    for (const unit of batch) unit.write();
    void walSync.durable(floor.commit()).then(() => batch.forEach((unit) => unit.done()));
  };
  const commitUnit = (write: () => void) =>
    new Promise<void>((done) => {
      if (units.push({ write, done }) === 1) walSync.whenIdle(() => setImmediate(flush));
    });
  const claimed: Row[] = [];
  let next = 0;
  const claimNext = () => {
    const batch = dueWatches.slice(next, next + claimBatch);
    next += batch.length;
    if (batch.length === 0) return false;
    db.exec('BEGIN IMMEDIATE');
    floor.claim(batch);
    floor.commit();
    claimed.push(...batch);
    return true;
  };
  const check = async (watch: Row) => {
    const url = watch.url as string;
    const page = extractProduct(await fetchPage(url), url, {});
    const offer = page.offer!;
    const observation: FloorObservation = {
      price_cents: offer.price_cents,
      currency: offer.currency,
      availability: offer.availability,
      merchant: page.merchant!,
      observed_at: new Date().toISOString(),
      source: offer.source,
    };
    const product = { name: page.title ?? '', sku: offer.sku ?? '' };
    const reasonOf = (intent: Row) => waitingReason(intent, observation);
    await commitUnit(() => floor.checkWrites(watch, observation, product, reasonOf, idOf));
  };
  const worker = async () => {
    for (;;) {
      if (claimed.length === 0 && !claimNext()) return;
      await check(claimed.shift()!);
    }
  };
  const start = performance.now();
  dueWatches = floor.dueWatches();
  await Promise.all(Array.from({ length: concurrency }, worker));
  await walSync.durable(walSync.lastCommit());
  const ms = performance.now() - start;
  await floor.close();
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
