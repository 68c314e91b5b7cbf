import type { EngineContext } from '../context';
import type { IntentDoc } from '../schemas/intent-doc';
import type { StoreTx } from '../ports';
import { endAttempt, releaseCheckout } from './outcomes';
import type { ExecutionDoc } from '../schemas/execution';
import type { StepDeps } from './deps';
import type { TotalsVerdict } from './verify';
import type { WaitingReason } from '../vocabulary';

const RETRY_STOCK_AFTER_MS = 60 * 60 * 1000;
/** Refusals about stock, not price: the same price may well be bought once stock returns. */
const STOCK_REFUSALS: ReadonlySet<WaitingReason> = new Set(['OUT_OF_STOCK', 'CHECKOUT_NOT_READY']);

/** What keeps the monitor from trying the same checkout again at once (decide.ts reads it). */
function blockFor(reason: WaitingReason, intent: IntentDoc, now: number): Partial<IntentDoc> {
  const stock = STOCK_REFUSALS.has(reason);
  return {
    blocked_reason: reason,
    blocked_at_price_cents: stock ? null : (intent.last_observation?.price_cents ?? null),
    blocked_until_ms: stock ? now + RETRY_STOCK_AFTER_MS : null,
  };
}

/** Ends the attempt without buying and goes back to watching (in the caller's transaction). */
export function backToWaitingIn(
  tx: StoreTx,
  ctx: EngineContext,
  exec: ExecutionDoc,
  intent: IntentDoc,
  reason: WaitingReason,
  data: Record<string, unknown> = {},
) {
  return endAttempt(
    tx,
    ctx,
    exec,
    'return_to_waiting',
    { reason, attempt: exec.attempt, ...data },
    { waiting_reason: reason, next_action: null, ...blockFor(reason, intent, ctx.clock.now()) },
    'abandoned',
  );
}

/** Ends the attempt without buying and goes back to watching, remembering what was refused. */
export async function backToWaiting(
  deps: StepDeps,
  exec: ExecutionDoc,
  intent: IntentDoc,
  reason: WaitingReason,
  data: Record<string, unknown> = {},
) {
  await deps.ctx.store.transact((tx) => backToWaitingIn(tx, deps.ctx, exec, intent, reason, data));
  await releaseCheckout(deps.connector, exec);
}

/** Fails the attempt and the intent (in the caller's transaction). */
export function failAttemptIn(
  tx: StoreTx,
  ctx: EngineContext,
  exec: ExecutionDoc,
  code: string,
  message: string,
) {
  return endAttempt(
    tx,
    ctx,
    { ...exec, last_error: { code, message } },
    'fail',
    { code, message, attempt: exec.attempt },
    { next_action: null },
    'failed',
  );
}

export async function failAttempt(
  deps: StepDeps,
  exec: ExecutionDoc,
  code: string,
  message: string,
) {
  await deps.ctx.store.transact((tx) => failAttemptIn(tx, deps.ctx, exec, code, message));
  await releaseCheckout(deps.connector, exec);
}

export async function expireAttempt(deps: StepDeps, exec: ExecutionDoc, intent: IntentDoc) {
  await deps.ctx.store.transact((tx) =>
    endAttempt(tx, deps.ctx, exec, 'expire', { previous_status: intent.status }, {}, 'expired'),
  );
  await releaseCheckout(deps.connector, exec);
}

export const expired = (intent: IntentDoc, now: number) =>
  intent.expires_at_ms !== null && now >= intent.expires_at_ms;

/** Ends an attempt whose checkout failed a check: expired, or back to waiting with the reason. */
export async function endRefused(
  deps: StepDeps,
  exec: ExecutionDoc,
  intent: IntentDoc,
  verdict: Extract<TotalsVerdict, { ok: false }>,
) {
  if (verdict.reason === 'EXPIRED') return expireAttempt(deps, exec, intent);
  return backToWaiting(deps, exec, intent, verdict.reason, {
    total_cents: exec.checkout!.totals.total_cents,
    checks: verdict.checks,
  });
}
