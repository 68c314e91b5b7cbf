import type { EngineContext } from '../context';
import { toEventView } from '../events/log';
import type { Fetcher, Scheduler, StoreTx } from '../ports';
import type { OutboxDoc } from '../schemas/webhook-endpoint';
import { claimThese, releaseOwnClaims, unclaimThese, type ClaimSpec } from '../store/claims';
import { createBusyLanes, inOwnLaneOrder, pickDue, type Pick } from './pick';
import { leavesEndpointsAlone, recordResults, type DeliveryResult } from './record';
import { transactGuarded, type Guard } from '../store/guarded';
import { signatureHeaders } from './sign';
import { createSlots, type Claimed } from './slots';
import { withFields } from '../util/with-fields';

/** Outbox rows being sent are claimed (store/claims.ts): one delivery in flight per row. */
const OUTBOX: ClaimSpec = {
  table: 'webhook_outbox',
  key: 'outbox_id',
  index: 'by_due',
  dueField: 'next_attempt_at',
};

export interface DispatcherOptions {
  /** The fetcher deliveries go through (the guarded one on the server, per mode). */
  fetcherFor: (livemode: boolean) => Fetcher;
  /** Deliveries in flight to one endpoint; default DELIVERIES_PER_ENDPOINT. */
  perEndpoint?: number;
  /** Deliveries in flight in all; default 256. */
  maxInFlight?: number;
  /** Due outbox rows read at a time; default 500. */
  batchSize?: number;
  timeoutMs?: number;
  /** This engine among the instances on the store: rows it sends are claimed in its name. */
  instanceId?: string;
  /** How long a claimed row stays with this instance before another may send it. */
  claimLeaseMs?: number;
  random?: () => number;
  onError?: (error: unknown) => void;
}

export const DELIVERY_TIMEOUT_MS = 15_000;
export const DELIVERIES_PER_ENDPOINT = 16;
/** Ended attempts that make a step run at once; fewer wait RECORD_WAIT_MS for company. */
const RECORD_BATCH = 64;
const RECORD_WAIT_MS = 5;
export const RESPONSE_READ_BYTES = 64 * 1024;

/**
 * Sends the outbox in steps, one at a time. A step reads the due rows (oldest first, at most
 * `batchSize`) unless rows read before are still waiting for room, so a burst is read once;
 * picks what the slots have room for (slots.ts: one event of an intent at a time, limits per
 * endpoint and in all; pick.ts); then, in ONE transaction, records the attempts that ended since
 * the last step and claims the picked rows (store/claims.ts: no other instance sends them
 * meanwhile). A claimed row is sent as soon as its endpoint has a delivery slot, if its claim
 * still outlasts a delivery's timeout. A row stays in the outbox until its attempt is recorded:
 * a crash resends it (at least once).
 */
export function createDispatcher(ctx: EngineContext, options: DispatcherOptions) {
  const slots = createSlots({
    perEndpoint: options.perEndpoint ?? DELIVERIES_PER_ENDPOINT,
    maxInFlight: options.maxInFlight ?? 256,
  });
  const batchSize = options.batchSize ?? 500;
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const random = options.random ?? Math.random;
  const onError = options.onError ?? (() => {});
  const me = options.instanceId ?? 'default';
  const claimLeaseMs = options.claimLeaseMs ?? 60_000;
  const laneSalt = random().toString(36);
  const sending = new Set<Promise<void>>();
  const results: DeliveryResult[] = [];
  let candidates: OutboxDoc[] = [];
  const busyLanes = createBusyLanes();
  let stepping: Promise<void> | null = null;
  /** A step asked for while one runs (with a fresh read if any asker wanted one). */
  let again: boolean | null = null;
  let waiting: Promise<void> | null = null;
  /** Attempts recorded and rows claimed so far: drain stops when a fresh step adds none. */
  let done = 0;
  let stopped = false;

  /** Runs a step now, or right after the one running (which the returned promise includes). */
  function runSteps(fresh: boolean): Promise<void> {
    if (stepping) {
      again = fresh || (again ?? false);
      return stepping;
    }
    stepping = (async () => {
      for (let next: boolean | null = fresh; next !== null; next = again) {
        again = null;
        await step(next).catch(onError);
      }
    })().finally(() => {
      stepping = null;
    });
    return stepping;
  }

  async function step(fresh: boolean) {
    const ended = results.splice(0);
    let pick: Pick = { picked: [], orphans: [], rest: [] };
    if (!stopped) {
      if (fresh || candidates.length === 0) candidates = inOwnLaneOrder(await readDue(), laneSalt);
      pick = await pickDue(ctx.store, candidates, slots, busyLanes, ctx.clock.now());
      candidates = pick.rest;
    }
    const giveBack = stopped ? slots.takeReady() : [];
    if (ended.length + pick.picked.length + pick.orphans.length + giveBack.length === 0) return;
    const now = ctx.clock.now();
    let taken = new Set<string>();
    // Claims, give-backs and orphans' deletes are compare-and-set or idempotent: unless an endpoint
    // may change, the step is guarded by its writes (instances' steps no longer fail each other).
    const unit = async (tx: StoreTx, guardedBy: Guard) => {
      if (ended.length > 0) await recordResults(tx, ctx, ended, random, guardedBy);
      // Deleted or disabled endpoints are not sent to; their events stay in GET /v1/events.
      for (const id of pick.orphans) await tx.delete('webhook_outbox', id);
      const back = giveBack.map(({ row }) => row.outbox_id);
      if (back.length > 0) await unclaimThese(tx, OUTBOX, back, { now, owner: me });
      const rows = pick.picked.map(({ row }) => row);
      return claimThese(tx, OUTBOX, rows, { now, leaseMs: claimLeaseMs, owner: me });
    };
    try {
      // An endpoint found changed in the unit guarded by its writes reruns it with its reads
      // guarded (record.ts); a batch with failures is recorded that way from the start.
      const guard: Guard = leavesEndpointsAlone(ended) ? 'writes' : 'reads';
      taken = await transactGuarded(ctx.store, unit, guard);
      done += ended.length + taken.size;
    } catch (error) {
      onError(error); // unrecorded attempts are sent again when their claims run out
    } finally {
      for (const { row } of [...ended, ...giveBack]) slots.recorded(row);
      for (const picked of pick.picked) {
        const until = now + claimLeaseMs;
        if (taken.has(picked.row.outbox_id)) slots.ready(withFields(picked, { until }));
        else slots.letGo(picked.row);
      }
    }
    pump();
  }

  /** The due rows, oldest first (instances beside this one read the same rows). */
  const readDue = () =>
    ctx.store.query<OutboxDoc>('webhook_outbox', {
      index: 'by_due',
      prefix: [],
      range: { lte: ctx.clock.now() },
      order: 'asc',
      limit: batchSize,
    });

  /** Starts the ready rows that have a slot; a claim that would end during the send is let go. */
  function pump() {
    if (stopped) return;
    const sendable = (claimed: Claimed) => ctx.clock.now() + timeoutMs <= claimed.until;
    for (const claimed of slots.next(sendable)) send(claimed);
  }

  function send(claimed: Claimed) {
    const work = deliver(claimed)
      .then((result) => {
        results.push(result);
      })
      .finally(() => {
        slots.ended(claimed.row);
        sending.delete(work);
        pump();
        recordSoon();
      });
    sending.add(work);
  }

  /** A step for the ended attempts: at once for a full batch, else after a moment for company. */
  function recordSoon() {
    if (results.length >= RECORD_BATCH) void runSteps(false);
    else
      waiting ??= new Promise<void>((resolve) =>
        setTimeout(() => {
          waiting = null;
          void runSteps(false).then(resolve);
        }, RECORD_WAIT_MS),
      );
  }

  async function deliver(claimed: Claimed): Promise<DeliveryResult> {
    const { endpoint, event } = claimed;
    const body = JSON.stringify(toEventView(event));
    const started = ctx.clock.now();
    try {
      const response = await options.fetcherFor(endpoint.livemode).fetch({
        url: endpoint.url,
        method: 'POST',
        headers: signatureHeaders(endpoint, event.event_id, body, started),
        body,
        redirect: 'manual',
        timeoutMs,
        readAtMost: RESPONSE_READ_BYTES,
      });
      const retryAfter = response.headers['retry-after'];
      return deliveryResult(claimed, started, ctx.clock.now(), {
        httpStatus: response.status,
        ...(retryAfter ? { retryAfter } : {}),
        error: null,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return deliveryResult(claimed, started, ctx.clock.now(), {
        httpStatus: null,
        error: message,
      });
    }
  }

  /** Until no step runs or waits and nothing is in flight. */
  async function settled() {
    while (stepping || waiting || sending.size > 0)
      await Promise.all([stepping, waiting, ...sending]);
  }

  return {
    /** A step with a fresh read of the due rows. */
    tick: () => runSteps(true),
    /** Until nothing due can be claimed, and nothing is in flight or unrecorded (tests, benchmarks). */
    async drain(): Promise<void> {
      for (;;) {
        const before = done;
        await runSteps(true);
        await settled();
        if (done === before) return;
      }
    },
    /** At start-up: what this instance's previous process claimed is due again now. */
    releaseOwnClaims: () =>
      releaseOwnClaims(ctx.store, OUTBOX, {
        now: ctx.clock.now(),
        leaseMs: claimLeaseMs,
        owner: me,
      }),
    /** Runs steps every `intervalMs`; the returned stop waits for deliveries in flight. */
    start(scheduler: Scheduler, intervalMs: number): () => Promise<void> {
      const stopTimer = scheduler.every(intervalMs, () => runSteps(true));
      return async () => {
        stopped = true;
        stopTimer();
        await settled();
        await runSteps(false); // gives back the claims of rows not sent
        await settled();
      };
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;

/**
 * What one delivery came to, as one literal (util/with-fields.ts: a spread followed by fields it
 * lacks is slow).
 */
function deliveryResult(
  { row, endpoint, event }: Claimed,
  started: number,
  at: number,
  answer: { httpStatus: number | null; retryAfter?: string; error: string | null },
): DeliveryResult {
  return {
    row,
    eventType: event.type,
    endpointFailing: endpoint.failing_since !== null,
    ...answer,
    durationMs: at - started,
    at,
  };
}
