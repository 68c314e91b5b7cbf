import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { TABLES } from '../engine/index';
import { migrate } from '../server/store/sqlite-schema';
import { indexable, tableStatements } from '../server/store/sqlite-sql';
import { createWalSync } from '../server/store/wal-sync';

/**
 * The floor under POST /v1/intents: bare node:http that parses the body and durably writes the
 * same two rows as a create (the intent with its index columns, its event) with better-sqlite3,
 * WAL, group commit — and nothing else: no framework, validation, auth or idempotency. What a
 * create costs above this is ours. It commits as our SQLite store does: the COMMIT writes the
 * log and the WAL is synced on the thread pool (server/store/wal-sync.ts) while the next batch is
 * served, each answer going out once its commit is synced. With `--sync-in-thread` it commits
 * with synchronous=FULL instead, the sync inside COMMIT on this thread (the floor before the
 * store synced off the thread).
 *
 * With `--no-store` it writes nothing and answers each request as soon as its batch comes round:
 * the ceiling of any create on this machine, whatever its storage (the request body alone makes
 * a POST cost about twice a GET of the baseline).
 */
const store = !process.argv.includes('--no-store');
const syncInThread = process.argv.includes('--sync-in-thread');
const dir = mkdtempSync(join(tmpdir(), 'bench-floor-'));
const file = join(dir, 'floor.db');
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma(`synchronous = ${syncInThread ? 'FULL' : 'NORMAL'}`);
// A floor does no checkpoint work at all (the server checkpoints on another thread).
db.pragma('wal_autocheckpoint = 0');
migrate(db, TABLES);
const walSync = syncInThread ? null : createWalSync(file);
const intents = tableStatements(db, 'intents', TABLES.intents);
const events = tableStatements(db, 'events', TABLES.events);
const insert = (statements: typeof intents, id: string, doc: Record<string, unknown>) =>
  statements.upsert.run(
    id,
    JSON.stringify(doc),
    ...statements.fields.map((f) => indexable(doc[f])),
  );

let queue: Array<{ doc: Record<string, unknown>; res: ServerResponse }> = [];
let sequence = 0;

function flush() {
  const batch = queue;
  queue = [];
  if (!store) return answer(batch);
  write(batch.map(({ doc }) => doc));
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
}

function write(docs: Array<Record<string, unknown>>) {
  db.exec('BEGIN IMMEDIATE');
  for (const doc of docs) {
    insert(intents, doc.intent_id as string, doc);
    const eventId = `evt_${doc.intent_id as string}`;
    insert(events, eventId, {
      event_id: eventId,
      intent_id: doc.intent_id,
      type: 'intent.created',
      data: {},
    });
  }
  db.exec('COMMIT');
}

const server = createServer((req, res) => {
  let text = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (text += chunk));
  req.on('end', () => {
    const body = JSON.parse(text) as Record<string, unknown>;
    const now = new Date().toISOString();
    const doc = {
      ...body,
      intent_id: `int_${String(sequence++).padStart(12, '0')}`,
      scope: 'ptn_floor:test',
      status: 'active',
      created_at: now,
      updated_at: now,
      // Index fields valued as a create values them (one page watched by every intent here).
      watch_id: 'wat_floor',
      expires_at_ms: Date.parse((body.guardrails as { expires_at: string }).expires_at),
      version: 1,
    };
    if (queue.push({ doc, res }) === 1) setImmediate(flush);
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
    db.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  }),
);
