import type { EngineContext } from '../context';
import { toEventView, type EventDoc } from '../events/log';
import type { Fetcher, Scheduler } from '../ports';
import type { OutboxDoc, WebhookEndpointDoc } from '../schemas/webhook-endpoint';
import { recordResults, type DeliveryResult } from './record';
import { signatureHeaders } from './sign';
import { claimThese, releaseOwnClaims, type ClaimSpec } from '../store/claims';

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
  /** Due outbox rows read per round; default 500. */
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
const RECORD_BATCH = 64;
const RECORD_WAIT_MS = 2;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const RESPONSE_READ_BYTES = 64 * 1024;

/**
 * Sends the outbox. Each round reads due rows and starts deliveries without waiting for them:
 * one lane (endpoint + intent) sends one event at a time, oldest first; an endpoint has at most
 * `perEndpoint` deliveries in flight and all endpoints `maxInFlight`, so a slow endpoint only
 * holds its own slots. Ended attempts are recorded in batches, one transaction per batch.
 * A row stays in the outbox until its result is recorded: a crash resends it (at least once).
 */
export function createDispatcher(ctx: EngineContext, options: DispatcherOptions) {
  const perEndpointLimit = options.perEndpoint ?? DELIVERIES_PER_ENDPOINT;
  const maxInFlight = options.maxInFlight ?? 256;
  const batchSize = options.batchSize ?? 500;
  const random = options.random ?? Math.random;
  const onError = options.onError ?? (() => {});
  const me = options.instanceId ?? 'default';
  const claimLeaseMs = options.claimLeaseMs ?? 60_000;
  const claimed = new Set<string>(); // outbox ids sent or awaiting their record
  const busyLanes = new Set<string>();
  const perEndpoint = new Map<string, number>();
  const sending = new Set<Promise<void>>();
  const results: DeliveryResult[] = [];
  let inFlight = 0;
  let round: Promise<number> | null = null;
  let again = false;
  let flushing: Promise<void> | null = null;
  let stopped = false;

  async function runRound(): Promise<number> {
    const now = ctx.clock.now();
    const due = await ctx.store.query<OutboxDoc>('webhook_outbox', {
      index: 'by_due',
      prefix: [],
      range: { lte: now },
      order: 'asc',
      limit: batchSize,
    });
    const endpoints = new Map<string, Promise<WebhookEndpointDoc | undefined>>();
    const orphans: string[] = [];
    const picked: { row: OutboxDoc; endpoint: WebhookEndpointDoc; event: EventDoc }[] = [];
    for (const row of due) {
      if (stopped || inFlight >= maxInFlight) break;
      if (claimed.has(row.outbox_id) || busyLanes.has(row.lane)) continue;
      if ((perEndpoint.get(row.endpoint_id) ?? 0) >= perEndpointLimit) continue;
      if (!endpoints.has(row.endpoint_id))
        endpoints.set(row.endpoint_id, ctx.store.get('webhook_endpoints', row.endpoint_id));
      const endpoint = await endpoints.get(row.endpoint_id);
      if (endpoint?.status !== 'enabled') {
        orphans.push(row.outbox_id);
        continue;
      }
      if (!(await firstInLane(row))) continue;
      const event = await ctx.store.get<EventDoc>('events', row.event_id);
      if (!event) {
        orphans.push(row.outbox_id);
        continue;
      }
      picked.push({ row, endpoint, event });
      // Held from now, so that the limits above count it while the claim is written.
      hold(row);
    }
    const started = await startClaimed(picked, now);
    if (orphans.length > 0) {
      // Deleted or disabled endpoints are not sent to; their events stay in GET /v1/events.
      await ctx.store.transact(async (tx) => {
        for (const id of orphans) await tx.delete('webhook_outbox', id);
      });
    }
    return started;
  }

  /**
   * Claims the picked rows in the store (another instance on it does not send them meanwhile),
   * then sends those still due; the others are let go. Returns how many were sent.
   */
  async function startClaimed(
    picked: { row: OutboxDoc; endpoint: WebhookEndpointDoc; event: EventDoc }[],
    now: number,
  ): Promise<number> {
    if (picked.length === 0) return 0;
    let taken = new Set<string>();
    try {
      const ids = picked.map(({ row }) => row.outbox_id);
      taken = await claimThese(ctx.store, OUTBOX, ids, { now, leaseMs: claimLeaseMs, owner: me });
    } finally {
      for (const { row, endpoint, event } of picked) {
        if (taken.has(row.outbox_id)) send(row, endpoint, event);
        else letGo(row);
      }
    }
    return taken.size;
  }

  function hold(row: OutboxDoc) {
    claimed.add(row.outbox_id);
    busyLanes.add(row.lane);
    perEndpoint.set(row.endpoint_id, (perEndpoint.get(row.endpoint_id) ?? 0) + 1);
    inFlight++;
  }

  function letGo(row: OutboxDoc) {
    claimed.delete(row.outbox_id);
    busyLanes.delete(row.lane);
    perEndpoint.set(row.endpoint_id, perEndpoint.get(row.endpoint_id)! - 1);
    inFlight--;
  }

  /** Whether no earlier event of the row's lane is still owed (delivery order per intent). */
  async function firstInLane(row: OutboxDoc): Promise<boolean> {
    if (row.lane.endsWith(`|${row.event_id}`)) return true;
    const [first] = await ctx.store.query<OutboxDoc>('webhook_outbox', {
      index: 'by_lane',
      prefix: [row.lane],
      order: 'asc',
      limit: 1,
    });
    return first?.outbox_id === row.outbox_id;
  }

  /** Sends a held row; its record (flush) lets it go. */
  function send(row: OutboxDoc, endpoint: WebhookEndpointDoc, event: EventDoc) {
    const work = deliver(row, endpoint, event)
      .then((result) => {
        results.push(result);
      })
      .finally(() => {
        inFlight--;
        perEndpoint.set(row.endpoint_id, perEndpoint.get(row.endpoint_id)! - 1);
        sending.delete(work);
        void flush();
        // Half the endpoint's slots are free: start more now rather than after the record (a
        // round per delivery would read the due rows once per delivery).
        const left = perEndpoint.get(row.endpoint_id)!;
        if (!stopped && left === Math.floor(perEndpointLimit / 2)) void tick();
      });
    sending.add(work);
  }

  async function deliver(
    row: OutboxDoc,
    endpoint: WebhookEndpointDoc,
    event: EventDoc,
  ): Promise<DeliveryResult> {
    const body = JSON.stringify(toEventView(event));
    const started = ctx.clock.now();
    const base = { row, eventType: event.type };
    try {
      const response = await options.fetcherFor(endpoint.livemode).fetch({
        url: endpoint.url,
        method: 'POST',
        headers: signatureHeaders(endpoint, event.event_id, body, started),
        body,
        redirect: 'manual',
        timeoutMs: options.timeoutMs ?? DELIVERY_TIMEOUT_MS,
        readAtMost: RESPONSE_READ_BYTES,
      });
      const at = ctx.clock.now();
      return {
        ...base,
        httpStatus: response.status,
        ...(response.headers['retry-after'] ? { retryAfter: response.headers['retry-after'] } : {}),
        error: null,
        durationMs: at - started,
        at,
      };
    } catch (error) {
      const at = ctx.clock.now();
      const message = error instanceof Error ? error.message : String(error);
      return { ...base, httpStatus: null, error: message, durationMs: at - started, at };
    }
  }

  /** Writes the ended attempts in batches: whatever ended while the last batch was written. */
  function flush(): Promise<void> {
    return (flushing ??= (async () => {
      try {
        while (results.length > 0) {
          // A moment for more attempts to end: each batch is one durable commit.
          if (results.length < RECORD_BATCH) await sleep(RECORD_WAIT_MS);
          const batch = results.splice(0);
          try {
            await ctx.store.transact((tx) => recordResults(tx, ctx, batch, random));
          } catch (error) {
            onError(error); // unrecorded rows are sent again
          } finally {
            for (const { row } of batch) {
              claimed.delete(row.outbox_id);
              busyLanes.delete(row.lane);
            }
          }
        }
      } finally {
        flushing = null;
      }
      if (!stopped) void tick();
    })());
  }

  /** One round; a round asked for while one runs runs right after it. */
  function tick(): Promise<number> {
    if (round) {
      again = true;
      return round;
    }
    round = runRound()
      .catch((error) => {
        onError(error);
        return 0;
      })
      .finally(() => {
        round = null;
        if (again && !stopped) {
          again = false;
          void tick();
        }
      });
    return round;
  }

  /** Until nothing is due, in flight or unrecorded (tests, benchmarks). */
  async function drain(): Promise<void> {
    for (;;) {
      const started = await tick();
      await Promise.all([...sending]);
      await flushing;
      await round;
      if (started === 0 && sending.size === 0 && results.length === 0 && !flushing) return;
    }
  }

  return {
    tick,
    drain,
    /** At start-up: what this instance's previous process claimed is due again now. */
    releaseOwnClaims: () =>
      releaseOwnClaims(ctx.store, OUTBOX, {
        now: ctx.clock.now(),
        leaseMs: claimLeaseMs,
        owner: me,
      }),
    /** Runs rounds every `intervalMs`; the returned stop waits for deliveries in flight. */
    start(scheduler: Scheduler, intervalMs: number): () => Promise<void> {
      const stopTimer = scheduler.every(intervalMs, async () => {
        await tick();
      });
      return async () => {
        stopped = true;
        stopTimer();
        await Promise.all([...sending]);
        await flushing;
        await round;
      };
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
