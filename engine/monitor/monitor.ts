import type { EngineContext } from '../context';
import type { IntentDoc } from '../schemas/intent-doc';
import { applyTransition } from '../machine/apply';
import type { Fetcher, Scheduler, StoreReader, StoreTx } from '../ports';
import { pullLimit } from '../util/pull-limit';
import { decide, waitForDateRange } from './decide';
import { beforeDateRange } from './conditions';
import { dateRangeBounds } from '../intents/date-range';
import { recordHistory } from './history';
import { recordCatalogPage } from '../resolve/monitor-pages';
import { checkWatch, type CheckOutcome } from './observe';
import { claimDueWatches, giveBackWatchClaim, releaseOwnWatchClaims } from './claim';
import type { WatchDoc } from '../schemas/watch';
import { linksOfWatch } from '../intents/links';
import { checkedWatch } from '../intents/watch';
import type { OfferLinkDoc } from '../schemas/offer-link';
import { decideLinked, linkedTo, type OpenExecution } from './products';
import { relinkDue } from './relink';
import { withFields } from '../util/with-fields';

export interface MonitorOptions {
  /** The fetcher for test-mode and for live-mode watches (live refuses private addresses). */
  fetcherFor: (livemode: boolean, url: string) => Fetcher;
  /** Time between two checks of a healthy watch. */
  intervalMs: number;
  /** Called after commit for every intent that just moved to executing. */
  onExecute?: (intentId: string, attempt: number) => void;
  /**
   * Opens the execution attempt in the transaction that moves an intent to executing, at the
   * offer of `watch` (for a product_id intent, `chosen` says which offer and what the others cost).
   */
  openExecution?: OpenExecution;
  /** ± fraction of the interval added at random so checks of many watches spread out. */
  jitter?: number;
  random?: () => number;
  concurrency?: number;
  /** Consecutive failed checks before intents wait with OBSERVATION_FAILED. */
  failureThreshold?: number;
  maxBackoffMs?: number;
  /** Most watches checked in one round (the rest stay due for the next). */
  maxWatchesPerRound?: number;
  /** Watches claimed per store transaction (claim.ts); default two per concurrent check. */
  claimBatch?: number;
  /** How long a claimed watch stays with this instance before another may check it. */
  claimLeaseMs?: number;
  /** This engine among those on the store (claim.ts). */
  instanceId?: string;
}

export interface RoundStats {
  expired: number;
  /** product_id intents whose links were compared with the catalog (relink.ts). */
  relinked: number;
  watches: number;
  fetches: number;
  transitions: number;
  executions: number;
}

/**
 * A page just fetched is not fetched again within half the check interval (at most this long),
 * even when a new intent or another offer's turn asks for it: the fleet's politeness to shops.
 */
const POLITE_MS = 30_000;

const WATCHING = new Set(['active', 'waiting']);
/** When a check's observation was put in the history and what it put in the catalog. */
type Recorded = Pick<WatchDoc, 'last_history_at' | 'catalog'> | null;

/**
 * A check whose store work failed (a conflict that outlasted the store's retries, the store away
 * for a moment) is tried again this soon, not once its claim runs out.
 */
const CHECK_RETRY_MS = 5_000;

/**
 * The condition monitor (CONTRACT §8–9): each round expires what is past `expires_at`, then checks
 * every due watch ONCE, however many intents share it, and moves those intents along the state
 * machine. Failures back off exponentially and never read as out of stock.
 */
export function createMonitor(ctx: EngineContext, options: MonitorOptions) {
  const jitter = options.jitter ?? 0.1;
  const random = options.random ?? Math.random;
  const failureThreshold = options.failureThreshold ?? 3;
  const maxBackoff = options.maxBackoffMs ?? 6 * 60 * 60 * 1000;

  const leaseMs = options.claimLeaseMs ?? 60_000;
  const me = options.instanceId ?? 'default';

  const nextHealthyCheck = (now: number) =>
    now + Math.round(options.intervalMs * (1 + jitter * (2 * random() - 1)));

  /** The watch as its check writes it, in one copy, with what its observation `recorded`. */
  function nextWatch(fetched: WatchDoc, outcome: CheckOutcome, now: number, recorded: Recorded) {
    const notBefore = now + Math.min(options.intervalMs / 2, POLITE_MS);
    if (outcome.kind === 'observed') {
      const read = withFields(fetched, {
        not_before: notBefore,
        failures: 0,
        last_error: null,
        etag: outcome.etag,
        last_modified: outcome.lastModified,
        last_observation: outcome.observation,
        offer_sku: outcome.sku,
        last_ambiguous: outcome.ambiguous,
        page_fingerprint: outcome.fingerprint,
        ...recorded,
      });
      return checkedWatch(read, nextHealthyCheck(now), now);
    }
    const failures = fetched.failures + 1;
    const backoff = Math.min(options.intervalMs * 2 ** (failures - 1), maxBackoff);
    const retry = now + Math.max(backoff, Math.min(outcome.retryAfterMs ?? 0, maxBackoff));
    const failed = { not_before: notBefore, failures, last_error: outcome.error };
    return checkedWatch(withFields(fetched, failed), retry, now);
  }

  async function expireDue(now: number): Promise<number> {
    const due = await ctx.store.query<IntentDoc>('intents', {
      index: 'by_expiry',
      prefix: [],
      range: { lte: now },
      limit: 5000,
    });
    // An executing intent is expired by the executor at its next safe point, never mid-payment.
    const expirable = due.filter((intent) => intent.status !== 'executing');
    if (expirable.length === 0) return 0;
    return ctx.store.transact(async (tx) => {
      let count = 0;
      for (const intent of expirable) {
        const applied = await applyTransition(tx, ctx, intent.intent_id, 'expire', {
          previous_status: intent.status,
        });
        if (applied) count++;
      }
      return count;
    });
  }

  async function applyOutcome(
    tx: StoreTx,
    watch: WatchDoc,
    intents: IntentDoc[],
    linked: string[],
    outcome: CheckOutcome,
    now: number,
  ) {
    const current = (await tx.get<WatchDoc>('watches', watch.watch_id)) ?? watch;
    const recorded =
      outcome.kind === 'observed'
        ? {
            last_history_at: await recordHistory(tx, ctx, current, outcome.observation, now),
            catalog: await recordCatalogPage(tx, ctx, current, outcome, now),
          }
        : null;
    const next = nextWatch(current, outcome, now, recorded);
    await tx.put('watches', next);
    const started: { id: string; attempt: number }[] = [];
    let transitions = 0;
    // Decisions use the copies read before the fetch; applyTransition re-reads each intent it
    // moves (unless its version is still the one decided on), so one canceled meanwhile is left
    // alone.
    for (const intent of intents) {
      const decision = decide(intent, outcome, next.failures, failureThreshold, now);
      if (!decision) continue;
      const applied = await applyTransition(
        tx,
        ctx,
        intent.intent_id,
        decision.trigger,
        decision.data,
        decision.patch,
        intent,
      );
      if (!applied) continue;
      transitions++;
      if (decision.trigger !== 'start_execution') continue;
      await options.openExecution?.(tx, applied.intent, next);
      started.push({ id: intent.intent_id, attempt: applied.intent.latest_execution!.attempt });
    }
    if (linked.length > 0) {
      // Pages that fail hold a choice back as long as one failing in a row would (choose.ts).
      const patience = { failureThreshold, patienceMs: failureThreshold * options.intervalMs };
      const products = await decideLinked(
        tx,
        ctx,
        next,
        linked,
        now,
        patience,
        options.openExecution,
      );
      started.push(...products.started);
      transitions += products.transitions;
    }
    return { started, transitions };
  }

  /**
   * Every intent on the watch is before its date range: the page is not read; they wait with
   * OUTSIDE_DATE_RANGE and the watch is next due when the first range begins, not every round.
   */
  async function waitUntilDateRange(
    tx: StoreTx,
    watch: WatchDoc,
    intents: IntentDoc[],
    now: number,
  ) {
    const current = (await tx.get<WatchDoc>('watches', watch.watch_id)) ?? watch;
    const starts = intents.map((intent) => dateRangeBounds(intent.conditions)!.startMs);
    await tx.put('watches', checkedWatch(current, Math.max(now, Math.min(...starts)), now));
    for (const intent of intents) {
      const decision = waitForDateRange(intent);
      if (decision) {
        await applyTransition(
          tx,
          ctx,
          intent.intent_id,
          decision.trigger,
          decision.data,
          decision.patch,
        );
      }
    }
  }

  /**
   * Nobody watches the page now: forget it when no intent is on it any more (re-read in the
   * transaction: one may have just been created on it), else look again later (executing ones).
   */
  async function idleWatch(tx: StoreTx, watch: WatchDoc, staleLinks: OfferLinkDoc[], now: number) {
    for (const link of staleLinks) await tx.delete('intent_watches', link.link_id);
    const onPage = await tx.query('intents', {
      index: 'by_watch',
      prefix: [watch.watch_id],
      limit: 1,
    });
    const dropped = new Set(staleLinks.map((link) => link.link_id));
    // The flag as it is now: another instance may have linked an intent since this one claimed.
    const current = (await tx.get<WatchDoc>('watches', watch.watch_id)) ?? watch;
    const linked = (current.linked ? await linksOfWatch(tx, watch.watch_id) : []).filter(
      (link) => !dropped.has(link.link_id),
    );
    if (onPage.length === 0 && linked.length === 0) await tx.delete('watches', watch.watch_id);
    else {
      await tx.put('watches', checkedWatch(current, nextHealthyCheck(now), now));
    }
  }

  /** The intents on `watch` that a check decides for, as `reader` (the store or a unit) sees them. */
  async function watchingOn(reader: StoreReader, watch: WatchDoc) {
    const intents = await reader.query<IntentDoc>('intents', {
      index: 'by_watch',
      prefix: [watch.watch_id],
    });
    return intents.filter((intent) => WATCHING.has(intent.status));
  }

  /**
   * What a check reads before its fetch. The intents it decides for are held by `take` alone, for
   * the check's unit to take once: they can then be collected as soon as the unit ran, not only
   * once its commit is synced (the check's own frame would keep them that long): 70-118 MB
   * promoted per first round instead of 170-172. A unit run again reads them in its transaction.
   */
  async function readBeforeFetch(watch: WatchDoc, now: number) {
    let watching: IntentDoc[] | undefined = await watchingOn(ctx.store, watch);
    const products = await linkedTo(ctx.store, watch);
    const everyone = [...watching, ...products.watching];
    return {
      stale: products.stale,
      linked: products.watching.map((intent) => intent.intent_id),
      nobody: everyone.length === 0,
      /** Every intent, when all of them are before their date range (the page is not read). */
      beforeDateRange: everyone.every((intent) => beforeDateRange(intent.conditions, now))
        ? everyone
        : null,
      take: () => {
        const taken = watching;
        watching = undefined;
        return taken;
      },
    };
  }

  async function checkOne(watch: WatchDoc, now: number, stats: RoundStats) {
    const read = await readBeforeFetch(watch, now);
    if (read.nobody) {
      await ctx.store.transact((tx) => idleWatch(tx, watch, read.stale, now));
      return;
    }
    const notYet = read.beforeDateRange;
    if (notYet) {
      await ctx.store.transact((tx) => waitUntilDateRange(tx, watch, notYet, now));
      return;
    }
    stats.fetches++;
    const outcome = await checkWatch(options.fetcherFor(watch.livemode, watch.url), watch, now);
    // A fetch can take seconds: decide at the time of deciding, so that nothing starts after
    // expires_at or the end of a time window that passed meanwhile.
    const decidedAt = Math.max(now, ctx.clock.now());
    const { started, transitions } = await ctx.store.transact(async (tx) => {
      for (const link of read.stale) await tx.delete('intent_watches', link.link_id);
      const intents = read.take() ?? (await watchingOn(tx, watch));
      return applyOutcome(tx, watch, intents, read.linked, outcome, decidedAt);
    });
    stats.transitions += transitions;
    stats.executions += started.length;
    for (const { id, attempt } of started) options.onExecute?.(id, attempt);
  }

  /**
   * Checks `watch`; if that fails, nothing of the check was written: the watch is given back to
   * be checked again in a few seconds (if the store is away, its claim runs out by itself).
   */
  async function checkOrGiveBack(
    watch: WatchDoc,
    now: number,
    stats: RoundStats,
    failures: unknown[],
  ) {
    try {
      await checkOne(watch, now, stats);
    } catch (error) {
      failures.push(error);
      const dueAt = ctx.clock.now() + CHECK_RETRY_MS;
      await giveBackWatchClaim(ctx.store, watch.watch_id, dueAt, me).catch(() => {});
    }
  }

  async function round(now = ctx.clock.now()): Promise<RoundStats> {
    const stats: RoundStats = {
      expired: 0,
      relinked: 0,
      watches: 0,
      fetches: 0,
      transitions: 0,
      executions: 0,
    };
    stats.expired = await expireDue(now);
    stats.relinked = await relinkDue(ctx, now, options.intervalMs);
    const failures: unknown[] = [];
    const concurrency = options.concurrency ?? 16;
    const batch = options.claimBatch ?? concurrency * 2;
    const most = options.maxWatchesPerRound ?? 100_000;
    // The next watches are claimed while the last ones are checked: the checks never all wait
    // for a claim's commit.
    const claimNext = async () => {
      const limit = Math.min(batch, most - stats.watches);
      if (limit <= 0) return [];
      const due = await claimDueWatches(ctx.store, now, limit, leaseMs, me);
      stats.watches += due.length;
      return due;
    };
    await pullLimit(claimNext, concurrency, (watch) =>
      checkOrGiveBack(watch, now, stats, failures),
    );
    // The round went on past a failed check (the other watches are not held up by it); its
    // caller still hears of the failure.
    if (failures.length > 0) throw failures[0];
    return stats;
  }

  /**
   * Runs rounds on the scheduler, never two at once; `everyTick` (the executor's take-over of
   * dead instances' attempts) runs on each tick, before the round or while one still runs, never
   * two at once. Returns the stop function.
   */
  function start(
    scheduler: Scheduler,
    tickMs: number,
    onError: (error: unknown) => void = () => {},
    everyTick: () => Promise<void> = async () => {},
  ) {
    let running: Promise<unknown> | null = null;
    let turning: Promise<void> | null = null;
    const turn = () => (turning ??= everyTick().finally(() => (turning = null)));
    const stop = scheduler.every(tickMs, async () => {
      // A round slowed by a busy store must not hold the take-over back: it runs on every tick.
      if (running) return turn().catch(onError);
      running = turn()
        .then(() => round())
        .catch(onError);
      await running;
      running = null;
    });
    return async () => {
      stop();
      await running;
      await turning?.catch(() => {});
    };
  }

  return {
    round,
    start,
    /** At start-up: what this instance's previous process claimed is due again now. */
    releaseOwnClaims: () => releaseOwnWatchClaims(ctx.store, ctx.clock.now(), leaseMs, me),
  };
}
