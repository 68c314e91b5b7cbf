import Database from 'better-sqlite3';
import { TABLES } from '../engine/index';
import { extractProduct } from '../engine/extract/index';
import { indexable, tableStatements } from '../server/store/sqlite-sql';
import { createWalSync } from '../server/store/wal-sync';

/**
 * The floor under the monitor's first round: the same durable writes (every intent updated to
 * waiting with its index column, one event each, every watch and one observation per watch),
 * grouped into commits the way the group commit does and synced as our store syncs them (the
 * WAL on the thread pool while the next commit is written; server/store/wal-sync.ts), on a copy
 * of the same database, with better-sqlite3 alone — no engine, no store adapter. The monitor's
 * figure is reported as a ratio to this one, measured in the same run.
 */
export async function firstRoundFloor(file: string, watchesPerCommit: number): Promise<number> {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const walSync = createWalSync(file);
  // A floor does no checkpoint work at all (the server checkpoints on another thread).
  db.pragma('wal_autocheckpoint = 0');
  const intents = tableStatements(db, 'intents', TABLES.intents);
  const events = tableStatements(db, 'events', TABLES.events);
  const watches = tableStatements(db, 'watches', TABLES.watches);
  const observations = tableStatements(db, 'observations', TABLES.observations);
  const byWatch = db.prepare('SELECT doc FROM intents WHERE f_watch_id = ?').pluck();
  const statusOnly = intents.updateChanged(1 << intents.fields.indexOf('status'));
  const dueWatches = (
    db.prepare('SELECT doc FROM watches ORDER BY f_next_check_at').pluck().all() as string[]
  ).map((text) => JSON.parse(text) as Record<string, unknown>);
  const row = (
    statements: ReturnType<typeof tableStatements>,
    id: string,
    doc: Record<string, unknown>,
  ) =>
    statements.upsert.run(
      id,
      JSON.stringify(doc),
      ...statements.fields.map((f) => indexable(doc[f])),
    );

  const start = performance.now();
  let n = 0;
  for (let i = 0; i < dueWatches.length; i += watchesPerCommit) {
    db.exec('BEGIN IMMEDIATE');
    for (const watch of dueWatches.slice(i, i + watchesPerCommit)) {
      const now = new Date().toISOString();
      const observation = {
        price_cents: 15000,
        currency: 'USD',
        availability: 'in_stock',
        observed_at: now,
      };
      row(watches, watch.watch_id as string, {
        ...watch,
        last_observation: observation,
        next_check_at: Date.now() + 60_000,
      });
      const observationId = `obs_floor_${n}`;
      row(observations, observationId, {
        observation_id: observationId,
        watch_id: watch.watch_id,
        ...observation,
      });
      for (const text of byWatch.all(watch.watch_id) as string[]) {
        const intent = JSON.parse(text) as Record<string, unknown>;
        const next = {
          ...intent,
          status: 'waiting',
          waiting_reason: 'PRICE_ABOVE_LIMIT',
          updated_at: now,
          version: (intent.version as number) + 1,
        };
        statusOnly.run(JSON.stringify(next), 'waiting', intent.intent_id);
        const eventId = `evt_floor_${String(n++).padStart(10, '0')}`;
        row(events, eventId, {
          event_id: eventId,
          intent_id: intent.intent_id,
          scope: intent.scope,
          livemode: intent.livemode,
          type: 'intent.waiting',
          timestamp: now,
          data: { reason: 'PRICE_ABOVE_LIMIT', observed_price_cents: 15000 },
        });
      }
    }
    db.exec('COMMIT');
    void walSync.durable(walSync.committed());
  }
  await walSync.durable(walSync.lastCommit());
  const ms = performance.now() - start;
  await walSync.close();
  db.close();
  return Math.round(ms);
}

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
