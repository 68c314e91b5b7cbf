import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { EventDoc } from '../engine/events/log';
import { TABLES } from '../engine/index';
import { outboxRow } from '../engine/schemas/webhook-endpoint';
import { migrate } from '../server/store/sqlite-schema';
import { tableStatements } from '../server/store/sqlite-sql';
import { createWalSync } from '../server/store/wal-sync';
import { keepLogShort } from '../server/store/checkpointer';
import { createIdSource } from '../engine/ids';
import { newWatchDoc } from '../engine/intents/watch';
import { CreateIntentBody, type CreateIntentInput } from '../engine/schemas/intent-input';
import { createDeliveryFloor } from './floor-deliveries';
import { CONTRACT_FLOOR_KEY, sameShapeId, writeRow } from './floor-rows';
import { atTurnEnd } from '../server/http/turn-end';

/**
 * The floor under POST /v1/intents: bare node:http that parses the body and durably writes the
 * same two rows as a create (the intent with its index columns, its event: the same fields, ids
 * and sizes as ours) with better-sqlite3, WAL, group commit — and nothing else: no framework,
 * validation, auth or idempotency. What a create costs above this is ours. It commits as our
 * SQLite store does: the COMMIT writes the log and the WAL is synced on the thread pool
 * (server/store/wal-sync.ts) while the next batch is read, which is committed once that sync has
 * ended, each answer going out once its commit is synced; the log is checkpointed on a worker
 * thread (server/store/checkpointer.ts). With `--sync-in-thread` it commits with
 * synchronous=FULL instead, the sync inside COMMIT on this thread (the floor before the store
 * synced off the thread).
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
const watches = tableStatements(db, 'watches', TABLES.watches);
const outboxLeft = db.prepare('SELECT count(*) FROM webhook_outbox').pluck();
const ENDPOINT_ID = 'whe_floor';
const deliveries = deliverTo ? createDeliveryFloor(deliverTo, deleteOutboxRows) : null;

/** What a create by the contract's floor (POST /contract) adds to the floor's unit. */
interface ContractPart {
  requestId: string;
  watch: { watch_id: string; url: string };
}
let queue: Array<{
  doc: Record<string, unknown>;
  /** Absent at POST /intent-only: the intent's row alone. */
  event?: EventDoc;
  res: ServerResponse;
  contract?: ContractPart;
}> = [];
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
  for (const { doc, res, contract } of batch) {
    if (contract) {
      answerContract(res, 201, contract.requestId, { object: 'intent', ...doc });
      continue;
    }
    const body = JSON.stringify({ object: 'intent', ...doc });
    res.writeHead(201, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
  }
  deliveries?.send(
    batch.flatMap(({ event }) =>
      event ? [{ event, outboxId: outboxRow(ENDPOINT_ID, event, 0).outbox_id }] : [],
    ),
  );
}

function write(batch: typeof queue) {
  db.exec('BEGIN IMMEDIATE');
  for (const { doc, event, contract } of batch) {
    writeRow(intents, doc.intent_id as string, doc);
    if (contract && watches.get.get(contract.watch.watch_id) === undefined) {
      const watch = { ...contract.watch, livemode: false, variant: null };
      writeRow(watches, watch.watch_id, newWatchDoc(watch, Date.now()));
    }
    if (event) writeRow(events, event.event_id, event);
    if (deliveries && event) {
      const row = outboxRow(ENDPOINT_ID, event, Date.now());
      writeRow(outbox, row.outbox_id, row);
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

type CreateBody = Record<string, unknown> & {
  objective: { product: { product_url: string } };
  guardrails: { expires_at: string };
};
const PARTNER_ID = sameShapeId('ptn', 0);
const contractKeys = new Map([[CONTRACT_FLOOR_KEY, { partnerId: PARTNER_ID }]]);
const ulids = createIdSource({ now: () => Date.now() });

/**
 * The intent row as our create writes it: the same fields in the same order, the same values for
 * the bench's body (engine/intents/service.ts prepareIntent), ids of the same shape, so that the
 * row and its index entries are byte for byte the size of ours (939 bytes for the bench's body).
 */
function intentRow(
  body: CreateBody,
  intentId: string,
  now: string,
  caller = { partnerId: PARTNER_ID },
) {
  const expiresAt = new Date(body.guardrails.expires_at).toISOString();
  return {
    intent_id: intentId,
    scope: `${caller.partnerId}:test`,
    partner_id: caller.partnerId,
    livemode: false,
    external_user_id: body.external_user_id,
    type: 'purchase',
    objective: body.objective,
    conditions: body.conditions,
    guardrails: { ...body.guardrails, expires_at: expiresAt },
    payment: body.payment,
    metadata: body.metadata,
    status: 'active',
    created_at: now,
    updated_at: now,
    next_action: null,
    last_observation: null,
    latest_execution: null,
    receipt_id: null,
    waiting_reason: null,
    // Every intent of the bench watches one page: the watch id our create gives it.
    watch_id: `test ${body.objective.product.product_url}`,
    trigger_sku: null,
    trigger_fired: null,
    expires_at_ms: Date.parse(expiresAt),
    version: 1,
  };
}

const server = createServer((req, res) => {
  if (req.method === 'GET') return answerOutboxLeft(res);
  // The contract's floor handles its requests as our server does, at the end of the turn they
  // came in (server/http/turn-batched.ts, turn-end.ts); so does the floor at /turn-batched, to say what that
  // alone is worth to it.
  if (req.url === '/contract') return atTurnEnd(() => createByContract(req, res));
  if (req.url === '/turn-batched') return atTurnEnd(() => createByFloor(req, res));
  createByFloor(req, res, req.url !== '/intent-only');
});

/**
 * The floor's create; at POST /intent-only without the event's row: the most that keeping a
 * create's `intent.created` event in its intent's row (one row instead of two) could save.
 */
function createByFloor(req: IncomingMessage, res: ServerResponse, withEvent = true) {
  let text = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (text += chunk));
  req.on('end', () => {
    const body = JSON.parse(text) as CreateBody;
    const now = new Date().toISOString();
    const intentId = sameShapeId('int', sequence++);
    const doc = intentRow(body, intentId, now);
    const event = withEvent ? createdEvent(sameShapeId('evt', sequence++), doc, now) : undefined;
    enqueue({ doc, event, res });
  });
}

/** The intent's `intent.created` event, as our create writes it. */
const createdEvent = (eventId: string, doc: { intent_id: string; scope: string }, now: string) =>
  ({
    event_id: eventId,
    intent_id: doc.intent_id,
    scope: doc.scope,
    livemode: false,
    type: 'intent.created',
    timestamp: now,
    data: {},
  }) satisfies EventDoc;

/** Committed as our store commits: at the next turn, or once the running sync has ended. */
function enqueue(unit: (typeof queue)[number]) {
  if (queue.push(unit) === 1) {
    if (walSync) walSync.whenIdle(() => setImmediate(flush));
    else setImmediate(flush);
  }
}

/**
 * POST /contract — the contract's floor: the floor's create plus the least a create must do by
 * the contract, each in its cheapest form: a request id (a ULID, in X-Request-Id and the body),
 * the bearer key looked up in memory, the body validated with the API's own zod schema (400
 * naming the field), ULIDs for the intent and its event, and the intent's watch read in the
 * transaction (written when new). Nothing else of ours: no rate limit, idempotency, create
 * checks, outbox lookup or framework; its requests are handled at the end of the turn they came
 * in, as our server's are. Served by the floor's own process, so that the floor and this are
 * compared without the ±15 % by which two server processes differ.
 */
function createByContract(req: IncomingMessage, res: ServerResponse) {
  const requestId = ulids.next('req');
  const authorization = req.headers.authorization;
  const caller = authorization?.startsWith('Bearer ')
    ? contractKeys.get(authorization.slice(7))
    : undefined;
  if (!caller) return answerContract(res, 401, requestId, { error: { code: 'invalid_api_key' } });
  let text = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (text += chunk));
  req.on('end', () => {
    const raw = parseJson(text);
    if (raw === undefined) {
      return answerContract(res, 400, requestId, { error: { code: 'invalid_json' } });
    }
    const parsed = CreateIntentBody.safeParse(raw);
    if (!parsed.success) {
      const param = parsed.error.issues[0]?.path.join('.');
      return answerContract(res, 400, requestId, { error: { code: 'parameter_invalid', param } });
    }
    const body = parsed.data as CreateIntentInput & CreateBody;
    const now = new Date().toISOString();
    const doc = intentRow(body, ulids.next('int'), now, caller);
    const event = createdEvent(ulids.next('evt'), doc, now);
    const watch = { watch_id: doc.watch_id, url: body.objective.product.product_url };
    enqueue({ doc, event, res, contract: { requestId, watch } });
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function answerContract(
  res: ServerResponse,
  status: number,
  requestId: string,
  body: Record<string, unknown>,
) {
  const text = JSON.stringify({ ...body, request_id: requestId });
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    'X-Request-Id': requestId,
  });
  res.end(text);
}

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
