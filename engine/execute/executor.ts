import type { EngineContext } from '../context';
import type { IntentDoc } from '../schemas/intent-doc';
import type { WatchDoc } from '../schemas/watch';
import type { ChosenOffer } from '../schemas/offer-link';
import { quantityOf } from '../intents/quantity';
import type { Caller } from '../caller';
import {
  MerchantError,
  type IntentOffer,
  type MerchantConnector,
  type Signer,
  type StoreTx,
  type UserActionAnswer,
} from '../ports';
import { openExecution, recordStep, saveExecution, touchIntent } from './records';
import {
  executionIdOf,
  type ExecutionAt,
  type ExecutionDoc,
  type Step,
} from '../schemas/execution';
import { completeCheckout } from './complete';
import { endAttempt, failedBeforePayment, releaseCheckout } from './endings';
import { createCheckout, delegatePayment, verifyCheckout } from './steps';
import type { AcpDeps, StepDeps, StepResult } from './deps';
import { askForConfirmation, isAlertOnly } from './assisted';
import { answerUserAction } from './answer';
import { expiredLeases, heldAttempts, holdLease, releaseLease, takeLease } from './lease';

export interface ExecutorOptions {
  /** The API connector for a merchant in a mode, or null: the assisted flow (the user buys). */
  connectorFor: (
    merchantId: string,
    livemode: boolean,
    productUrl: string | null,
  ) => MerchantConnector | null;
  signer: () => Promise<Signer>;
  sleep?: (ms: number) => Promise<void>;
  /** Retries of a merchant call whose outcome is unknown (same Idempotency-Key each time). */
  maxRetries?: number;
  retryBaseMs?: number;
  /** Delay before recovery tries again an attempt whose outcome stayed unknown. */
  recheckMs?: number;
  onError?: (error: unknown) => void;
  /** Crash tests only: called at named points of every step (see StepDeps.failpoint). */
  failpoint?: (name: string) => void;
  /**
   * This engine instance among those sharing the store (lease.ts). A restarted process that keeps
   * its name takes its attempts back at once; a new name waits for their leases to run out.
   */
  instanceId?: string;
  /** How long an attempt stays with its instance without a renewal (renewed at every step). */
  leaseMs?: number;
}

/** A refusal of the card itself, not of the shop: no other merchant would take it either. */
const refusesTheCard = (error: MerchantError) =>
  error.outcome === 'declined' || error.code === 'invalid_card';

/** How a run of an attempt's loop ended, which says what becomes of its lease. */
type Exit = 'done' | 'recheck' | 'stopped' | 'lost';

/** The lease was taken over by another instance while a step was retrying. */
class LeaseLost extends Error {}

type StepRunner<S extends Step> = (
  deps: AcpDeps,
  exec: ExecutionAt<S>,
  intent: IntentDoc,
) => Promise<StepResult>;

/** Every step of an attempt; `authenticate` and `confirm` wait for the user (see answer.ts). */
const STEPS: { [S in Step]: StepRunner<S> | null } = {
  create_checkout: createCheckout,
  verify_totals: verifyCheckout,
  delegate_payment: delegatePayment,
  complete_checkout: completeCheckout,
  authenticate: null,
  confirm: null,
};

/** The runner of the attempt's step, typed with it. */
const runnerOf = <S extends Step>(exec: ExecutionAt<S>): StepRunner<S> | null => STEPS[exec.step];

/**
 * The executor (CONTRACT §10): runs each attempt step by step from its recorded recovery point.
 * One loop per attempt at a time; on start-up `recover()` resumes every attempt left running.
 * ARCHITECTURE.md beside this file states the invariants.
 */
export function createExecutor(ctx: EngineContext, options: ExecutorOptions) {
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const maxRetries = options.maxRetries ?? 4;
  const retryBase = options.retryBaseMs ?? 500;
  const recheckMs = options.recheckMs ?? 60_000;
  const me = options.instanceId ?? 'default';
  const leaseMs = options.leaseMs ?? 60_000;
  const loops = new Map<string, Promise<void>>();
  let stopped = false;

  const depsFor = (exec: ExecutionDoc): StepDeps => ({
    ctx,
    connector:
      exec.merchant && exec.connector !== 'assisted'
        ? options.connectorFor(exec.merchant, exec.livemode, exec.product_url)
        : null,
    signer: options.signer,
    retrying: (current, call) => retrying(current, call),
    failpoint: options.failpoint ?? (() => {}),
  });

  /** Until when this instance holds each attempt it runs (as last written to the store). */
  const heldUntil = new Map<string, number>();

  /**
   * Takes or renews an attempt's lease; false when another instance holds it. While more than
   * two thirds of the lease are left nobody else can have taken it, so no write is needed.
   */
  async function renew(executionId: string): Promise<boolean> {
    const now = ctx.clock.now();
    if ((heldUntil.get(executionId) ?? 0) - now > (leaseMs * 2) / 3) return true;
    heldUntil.delete(executionId);
    if (!(await takeLease(ctx.store, executionId, me, now, leaseMs))) return false;
    heldUntil.set(executionId, now + leaseMs);
    return true;
  }

  async function retrying<T>(exec: ExecutionDoc, call: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0 && !(await renew(exec.execution_id))) throw new LeaseLost();
      try {
        options.failpoint?.(`${exec.step}:before_call`);
        const result = await call();
        options.failpoint?.(`${exec.step}:after_call`);
        return result;
      } catch (error) {
        if (
          !(error instanceof MerchantError) ||
          error.outcome !== 'unknown' ||
          attempt >= maxRetries ||
          stopped
        )
          throw error;
        await ctx.store.transact((tx) =>
          recordStep(tx, ctx, exec, 'execution.step_failed', {
            code: error.code,
            message: error.message,
            retrying: true,
            retry: attempt + 1,
          }),
        );
        await sleep(retryBase * 2 ** attempt);
      }
    }
  }

  async function advance(executionId: string): Promise<Exit> {
    while (!stopped) {
      if (!(await renew(executionId))) return 'lost';
      const exec = await ctx.store.get<ExecutionDoc>('executions', executionId);
      if (!exec || exec.state !== 'running') return 'done';
      const intent = await ctx.store.get<IntentDoc>('intents', exec.intent_id);
      if (!intent) return 'done';
      if (intent.status !== 'executing') {
        await settleAbandoned(exec);
        return 'done';
      }
      const deps = depsFor(exec);
      const run = runnerOf(exec);
      if (!run) return 'done';
      const { connector } = deps;
      if (!connector) {
        await merchantUnavailable(deps, exec, intent);
        return exec.completing ? 'recheck' : 'done';
      }
      try {
        if (await run({ ...deps, connector }, exec, intent)) return 'done';
      } catch (error) {
        if (error instanceof LeaseLost) return 'lost';
        if (!(error instanceof MerchantError)) throw error;
        // The outcome of a complete call stayed unknown: look again later, from any instance.
        if (exec.step === 'complete_checkout') return 'recheck';
        // Nothing is charged before complete: a refused or unreachable step ends the attempt.
        const failure = { code: error.code, message: error.message };
        await endAttempt(
          deps,
          exec,
          refusesTheCard(error)
            ? { ending: 'failed', ...failure }
            : failedBeforePayment(intent, exec, failure),
        );
        return 'done';
      }
    }
    return 'stopped';
  }

  /** Runs the attempt's loop under its lease, then hands the lease on as the exit says. */
  async function runLeased(executionId: string) {
    let exit: Exit = 'recheck'; // an unexpected error: let the attempt rest like a recheck
    try {
      exit = await advance(executionId);
    } finally {
      if (exit !== 'lost') {
        const now = ctx.clock.now();
        const until = { done: undefined, recheck: now + recheckMs, stopped: now }[exit];
        heldUntil.delete(executionId);
        await releaseLease(ctx.store, executionId, me, until);
      }
    }
    if (exit === 'recheck') recheckLater(executionId);
  }

  /**
   * This process has no connector for the attempt's merchant (started without the sandbox, say).
   * Nothing can have been charged before a complete call: the attempt fails (a product_id intent
   * gives up that offer only). After one, a charge may exist: the attempt stays running, says
   * why, and is reconciled by a process that has it.
   */
  async function merchantUnavailable(deps: StepDeps, exec: ExecutionDoc, intent: IntentDoc) {
    const code = 'merchant_unavailable';
    const message = `This server has no connection to merchant ${exec.merchant ?? 'unknown'}.`;
    if (!exec.completing)
      return endAttempt(deps, exec, failedBeforePayment(intent, exec, { code, message }));
    await ctx.store.transact(async (tx) => {
      const saved = await saveExecution(tx, ctx, { ...exec, last_error: { code, message } });
      await touchIntent(tx, ctx, saved, 'running');
    });
  }

  /** The intent left executing (canceled, expired) under us: close the attempt, free the session. */
  async function settleAbandoned(exec: ExecutionDoc) {
    await ctx.store.transact((tx) =>
      saveExecution(tx, ctx, { ...exec, state: 'finished', completing: false }),
    );
    await releaseCheckout(depsFor(exec).connector, exec);
  }

  function recheckLater(executionId: string) {
    void sleep(recheckMs).then(() => {
      if (!stopped) start(executionId);
    });
  }

  /** Starts the loops not running here yet; their leases decide whether they run. */
  function startAll(executionIds: string[]) {
    const fresh = executionIds.filter((id) => !loops.has(id));
    fresh.forEach(start);
    return fresh.length;
  }

  function start(executionId: string) {
    if (loops.has(executionId) || stopped) return;
    const loop = runLeased(executionId)
      .catch((error) => options.onError?.(error))
      .finally(() => loops.delete(executionId));
    loops.set(executionId, loop);
  }

  /**
   * Opens the next attempt in the transaction that moves the intent to executing (the monitor's,
   * or a procurement trigger's): both exist together, so a crash right after cannot lose it.
   */
  async function openOffer(
    tx: StoreTx,
    intent: IntentDoc,
    offer: IntentOffer['offer'],
    chosen?: ChosenOffer,
  ) {
    const attempt = intent.latest_execution?.attempt ?? 0;
    // An alert-and-confirm intent (no payment method) is never charged: always the assisted flow.
    const connector =
      offer.merchant && !isAlertOnly(intent)
        ? options.connectorFor(offer.merchant, intent.livemode, offer.productUrl)
        : null;
    const exec = await openExecution(
      tx,
      ctx,
      intent,
      attempt,
      {
        merchant: offer.merchant,
        sku: offer.sku,
        productUrl: offer.productUrl,
        connector: connector ? 'acp' : 'assisted',
      },
      quantityOf(intent),
      chosen,
    );
    if (exec.connector === 'assisted') await askForConfirmation(tx, ctx, exec, intent);
    // Held from the start: if this process dies before it runs the attempt, another takes it.
    else await holdLease(tx, exec.execution_id, me, ctx.clock.now() + leaseMs);
  }

  return {
    /**
     * Opens the next attempt in the monitor's transaction: the intent moves to executing and its
     * recovery point exists together, so a crash right after cannot lose the attempt. A product_id
     * intent buys the offer `chosen` (its page is `watch`), one merchant for the whole attempt.
     */
    async open(
      tx: StoreTx,
      intent: IntentDoc,
      watch: WatchDoc,
      chosen?: ChosenOffer,
    ): Promise<void> {
      await openOffer(
        tx,
        intent,
        {
          merchant: watch.last_observation?.merchant ?? null,
          // The catalog's or the procurement's sku when the page names none.
          sku: watch.offer_sku ?? chosen?.sku ?? intent.objective.procurement?.item.sku ?? null,
          productUrl: watch.url,
        },
        chosen,
      );
    },
    openOffer,
    /** Runs an intent's current attempt (after commit of the move to executing, or a resume). */
    startIntent(intentId: string, attempt: number) {
      start(executionIdOf(intentId, attempt));
    },
    start,
    /**
     * At start-up: starts every running attempt that no other live instance holds (those a
     * previous process left, with or without a lease).
     */
    async recover(): Promise<number> {
      const running = await ctx.store.query<ExecutionDoc>('executions', {
        index: 'by_state',
        prefix: ['running'],
      });
      const held = await heldAttempts(ctx.store, ctx.clock.now());
      const free = running.filter((exec) => (held.get(exec.execution_id) ?? me) === me);
      return startAll(free.map((exec) => exec.execution_id));
    },
    /** On every tick: takes over attempts whose lease ran out (a dead instance's, due rechecks). */
    async takeOver(): Promise<number> {
      const expired = await expiredLeases(ctx.store, ctx.clock.now(), 1000);
      return startAll(expired.map((lease) => lease.execution_id));
    },
    /** Resolves when no attempt is being run (tests, shutdown). */
    async idle() {
      while (loops.size > 0) await Promise.all([...loops.values()]);
    },
    async stop() {
      stopped = true;
      await Promise.all([...loops.values()]);
    },
    depsFor,
    answer: <T>(
      caller: Caller,
      intentId: string,
      action: UserActionAnswer,
      finish: (tx: StoreTx) => Promise<T>,
    ) => answerUserAction(ctx, { depsFor, start }, caller, intentId, action, finish),
  };
}
