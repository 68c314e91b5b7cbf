import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { EventDoc } from '../engine/events/log';
import { TABLES } from '../engine/index';
import { outboxRow } from '../engine/schemas/webhook-endpoint';
import { migrate } from '../server/store/sqlite-schema';
import { indexable, tableStatements } from '../server/store/sqlite-sql';
import { createWalSync } from '../server/store/wal-sync';
import { keepLogShort } from '../server/store/checkpointer';
import { createDeliveryFloor } from './floor-deliveries';

/**
 * The floor under POST /v1/intents: bare node:http that parses the body and durably writes the
 * same two rows as a create (the intent with its index columns, its event) with better-sqlite3,
 * WAL, group commit — and nothing else: no framework, validation, auth or idempotency. What a
 * create costs above this is ours. It commits as our SQLite store does: the COMMIT writes the
 * log and the WAL is synced on the thread pool (server/store/wal-sync.ts) while the next batch is
 * served, each answer going out once its commit is synced; the log is checkpointed on a worker
 * thread (server/store/checkpointer.ts). With `--sync-in-thread` it commits
 * with synchronous=FULL instead, the sync inside COMMIT on this thread (the floor before the
 * store synced off the thread).
 *
 * With `--no-store` it writes nothing and answers each request as soon as its batch comes round:
 * the ceiling of any create on this machine, whatever its storage (the request body alone makes
 * a POST cost about twice a GET of the baseline).
 *
 * With `--deliver-to URL` it is also the floor of one enabled webhook endpoint: each create
 * writes its event's outbox row in the same commit, and once that commit is durable the event is
 * delivered to URL (bench/floor-deliveries.ts: signed, POSTed through the server's fetcher, 16 in
 * flight) and its row deleted, one commit per batch of answered deliveries. A GET answers how
 * many outbox rows are left.
 */
const store = !process.argv.includes('--no-store');
const syncInThread = process.argv.includes('--sync-in-thread');
const deliverAt = process.argv.indexOf('--deliver-to');
const deliverTo = deliverAt >= 0 ? process.argv[deliverAt + 1] : undefined;
if (deliverAt >= 0 && (!deliverTo || !store)) throw new Error('--deliver-to URL needs a store');
const dir = mkdtempSync(join(tmpdir(), 'bench-floor-'));
const file = join(dir, 'floor.db');
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma(`synchronous = ${syncInThread ? 'FULL' : 'NORMAL'}`);
// The log kept short as our store keeps it. A log that only grows made this floor slower as a
// run went on (11.4-14.9k creates/s against 14.0-15.1k, the two alternated).
const checkpointer = keepLogShort(db, file);
migrate(db, TABLES);
const walSync = syncInThread ? null : createWalSync(file);
const intents = tableStatements(db, 'intents', TABLES.intents);
const events = tableStatements(db, 'events', TABLES.events);
const outbox = tableStatements(db, 'webhook_outbox', TABLES.webhook_outbox);
const outboxLeft = db.prepare('SELECT count(*) FROM webhook_outbox').pluck();
const insert = (statements: typeof intents, id: string, doc: Record<string, unknown>) =>
  statements.upsert.run(
    id,
    JSON.stringify(doc),
    ...statements.fields.map((f) => indexable(doc[f])),
  );
const ENDPOINT_ID = 'whe_floor';
const deliveries = deliverTo ? createDeliveryFloor(deliverTo, deleteOutboxRows) : null;

let queue: Array<{ doc: Record<string, unknown>; event: EventDoc; res: ServerResponse }> = [];
let sequence = 0;

/** Commits (and, off the thread, syncs) the batch, then answers it and sends its events. */
function flush() {
  const batch = queue;
  queue = [];
  if (!store) return answer(batch);
  write(batch);
  if (!walSync) return answer(batch);
  void walSync.durable(walSync.committed()).then(() => answer(batch));
}

function answer(batch: typeof queue) {
  for (const { doc, res } of batch) {
    const body = JSON.stringify({ object: 'intent', ...doc });
    res.writeHead(201, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
  }
  deliveries?.send(
    batch.map(({ event }) => ({ event, outboxId: outboxRow(ENDPOINT_ID, event, 0).outbox_id })),
  );
}

function write(batch: typeof queue) {
  db.exec('BEGIN IMMEDIATE');
  for (const { doc, event } of batch) {
    insert(intents, doc.intent_id as string, doc);
    insert(events, event.event_id, event);
    if (deliveries) {
      const row = outboxRow(ENDPOINT_ID, event, Date.now());
      insert(outbox, row.outbox_id, row);
    }
  }
  db.exec('COMMIT');
  checkpointer.committed();
}

function deleteOutboxRows(ids: string[]) {
  db.exec('BEGIN IMMEDIATE');
  for (const id of ids) outbox.delete.run(id);
  db.exec('COMMIT');
  checkpointer.committed();
  // Synced like any commit of the store; nobody waits for it.
  void walSync?.durable(walSync.committed()).catch((error) => console.error(error));
}

function answerOutboxLeft(res: ServerResponse) {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ outbox: outboxLeft.get() }));
}

const server = createServer((req, res) => {
  if (req.method === 'GET') return answerOutboxLeft(res);
  let text = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (text += chunk));
  req.on('end', () => {
    const body = JSON.parse(text) as Record<string, unknown>;
    const now = new Date().toISOString();
    const intentId = `int_${String(sequence++).padStart(12, '0')}`;
    const doc = {
      ...body,
      intent_id: intentId,
      scope: 'ptn_floor:test',
      status: 'active',
      created_at: now,
      updated_at: now,
      // Index fields valued as a create values them (one page watched by every intent here).
      watch_id: 'wat_floor',
      expires_at_ms: Date.parse((body.guardrails as { expires_at: string }).expires_at),
      version: 1,
    };
    const event: EventDoc = {
      event_id: `evt_${intentId}`,
      intent_id: intentId,
      scope: doc.scope,
      livemode: false,
      type: 'intent.created',
      timestamp: now,
      data: {},
    };
    if (queue.push({ doc, event, res }) === 1) setImmediate(flush);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(
    `Baseline: http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
  );
});
process.on('SIGTERM', () =>
  server.close(() => {
    void deliveries?.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  }),
);
