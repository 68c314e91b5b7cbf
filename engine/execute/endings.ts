import type { EngineContext } from '../context';
import { applyTransition } from '../machine/apply';
import type { Trigger } from '../machine/transitions';
import { findPaymentMethod } from '../payments/methods';
import type { Checkout, MerchantConnector, StoreTx } from '../ports';
import { buildSignedReceipt } from '../receipts/build';
import type { ExecutionDoc } from '../schemas/execution';
import type { IntentDoc } from '../schemas/intent-doc';
import type { GuardrailCheck, Receipt } from '../schemas/receipt';
import { isoTime } from '../util/time';
import type { Status, WaitingReason } from '../vocabulary';
import type { StepDeps } from './deps';
import { merchantKeyOf, recordStep, saveExecution, summaryOf } from './records';
import type { TotalsVerdict } from './verify';
import { keepOfferMemory } from './offer-memory';

/**
 * How an attempt ends, and what each ending needs to say. The key is also the attempt's final
 * `latest_execution.status`; ENDINGS below must have a row for every key.
 */
interface EndingTable {
  /** The order is placed: the signed receipt commits with the ending. */
  succeeded: { receipt: Receipt; scope: string; order_id: string | null; resumed: boolean };
  /** The intent fails (declined card, refused step, locked authentication…). */
  failed: { code: string; message: string };
  /** `expires_at` passed before anything could be charged. */
  expired: { previous_status: Status };
  /** Not bought this time; the intent watches again, blocked as the reason says. */
  abandoned: {
    reason: WaitingReason;
    details: Record<string, unknown>;
    price_cents: number | null;
    /** The merchant's failure, when one ended the attempt: shown in latest_execution. */
    error?: { code: string; message: string };
  };
  /** The user declined; the intent watches again, not at this price. */
  declined: { price_cents: number | null };
}

export type Ending = keyof EndingTable;
export type AttemptEnd<E extends Ending = Ending> = { [K in E]: { ending: K } & EndingTable[K] }[E];

interface Recorded {
  /** The transition's event data. */
  data: Record<string, unknown>;
  /** The intent's other changes. */
  patch: Partial<IntentDoc>;
  /** Why the attempt failed, kept on it and shown in latest_execution. */
  last_error?: { code: string; message: string };
}

interface EndingRow<E extends Ending> {
  trigger: Trigger;
  record(end: AttemptEnd<E>, exec: ExecutionDoc, now: number): Recorded;
  /** Writes that commit before the transition, in its transaction. */
  before?(tx: StoreTx, ctx: EngineContext, exec: ExecutionDoc, end: AttemptEnd<E>): Promise<void>;
}

/**
 * How long a checkout refused for stock, or a merchant that failed before payment, is not tried
 * again: long enough that a stale page or a shop whose API is down costs one checkout an hour,
 * not one a check; short enough that stock or a shop that comes back is still bought that day.
 */
const RETRY_AFTER_MS = 60 * 60 * 1000;
/** Refusals about stock or the merchant, not price: the same price may well be bought later. */
const TIMED_REFUSALS: ReadonlySet<WaitingReason> = new Set([
  'OUT_OF_STOCK',
  'CHECKOUT_NOT_READY',
  'MERCHANT_ERROR',
]);

/**
 * What keeps the monitor from trying the same checkout again at once (monitor/blocks.ts reads it).
 * CHEAPER_ELSEWHERE blocks nothing: that offer was fine, another is cheaper.
 */
function blockFor(reason: WaitingReason, price: number | null, now: number): Partial<IntentDoc> {
  if (reason === 'CHEAPER_ELSEWHERE')
    return { blocked_reason: null, blocked_at_price_cents: null, blocked_until_ms: null };
  const timed = TIMED_REFUSALS.has(reason);
  return {
    blocked_reason: reason,
    blocked_at_price_cents: timed ? null : price,
    blocked_until_ms: timed ? now + RETRY_AFTER_MS : null,
  };
}

const ENDINGS: { [E in Ending]: EndingRow<E> } = {
  succeeded: {
    trigger: 'succeed',
    record: ({ receipt, order_id }) => ({
      data: {
        merchant: receipt.merchant,
        total_charged_cents: receipt.totals.total_charged_cents,
        currency: receipt.currency,
        receipt_id: receipt.receipt_id,
        order_id,
      },
      patch: { receipt_id: receipt.receipt_id, next_action: null },
    }),
    async before(tx, ctx, exec, { receipt, scope, order_id, resumed }) {
      // The assisted flow: the user's confirmation first resumes the intent.
      if (resumed) {
        await applyTransition(
          tx,
          ctx,
          exec.intent_id,
          'resume',
          { action_type: 'confirmation' },
          { next_action: null },
        );
      }
      await tx.put('receipts', { ...receipt, scope });
      await recordStep(tx, ctx, exec, 'execution.step_succeeded', { order_id });
    },
  },
  failed: {
    trigger: 'fail',
    record: ({ code, message }, exec) => ({
      data: { code, message, attempt: exec.attempt },
      patch: { next_action: null },
      last_error: { code, message },
    }),
  },
  expired: {
    trigger: 'expire',
    record: ({ previous_status }) => ({ data: { previous_status }, patch: {} }),
  },
  abandoned: {
    trigger: 'return_to_waiting',
    record: ({ reason, details, price_cents, error }, exec, now) => ({
      data: { reason, attempt: exec.attempt, ...details },
      patch: { waiting_reason: reason, next_action: null, ...blockFor(reason, price_cents, now) },
      ...(error ? { last_error: error } : {}),
    }),
  },
  declined: {
    trigger: 'return_to_waiting',
    record: ({ price_cents }, exec) => ({
      data: { reason: 'USER_DECLINED', attempt: exec.attempt },
      patch: {
        waiting_reason: 'USER_DECLINED',
        next_action: null,
        blocked_at_price_cents: price_cents,
        blocked_reason: 'USER_DECLINED',
      },
    }),
  },
};

/** The row of an ending, typed with it. */
const rowOf = <E extends Ending>(end: AttemptEnd<E>): EndingRow<E> => ENDINGS[end.ending];

/**
 * Ends the attempt in the caller's transaction: the ending's writes, the attempt finished, and
 * the machine's transition with its event. Returns false when the intent is no longer in a state
 * the transition applies to (canceled meanwhile): the attempt is closed, the intent left alone.
 */
async function endAttemptIn<E extends Ending>(
  tx: StoreTx,
  ctx: EngineContext,
  exec: ExecutionDoc,
  end: AttemptEnd<E>,
): Promise<boolean> {
  const row = rowOf(end);
  await row.before?.(tx, ctx, exec, end);
  const recorded = row.record(end, exec, ctx.clock.now());
  const { data, last_error } = recorded;
  const patch = await keepOfferMemory(tx, exec, recorded.patch, ctx.clock.now());
  const finished = await saveExecution(tx, ctx, {
    ...exec,
    ...(last_error ? { last_error } : {}),
    state: 'finished' as const,
    completing: false,
    challenge: null,
  });
  const applied = await applyTransition(tx, ctx, exec.intent_id, row.trigger, data, {
    latest_execution: summaryOf(finished, end.ending),
    ...patch,
  });
  return applied !== null;
}

/**
 * Ends the attempt in its own transaction, with `finish` in the same one (the resume call stores
 * its idempotent response there: CONTRACT §5), then frees the merchant's session if nothing was
 * bought.
 */
export async function endAttemptWith<T>(
  deps: Pick<StepDeps, 'ctx' | 'connector'>,
  exec: ExecutionDoc,
  end: AttemptEnd,
  finish: (tx: StoreTx) => Promise<T>,
): Promise<T> {
  const result = await deps.ctx.store.transact(async (tx) => {
    await endAttemptIn(tx, deps.ctx, exec, end);
    return finish(tx);
  });
  await releaseCheckout(deps.connector, exec);
  return result;
}

export const endAttempt = (
  deps: Pick<StepDeps, 'ctx' | 'connector'>,
  exec: ExecutionDoc,
  end: AttemptEnd,
) => endAttemptWith(deps, exec, end, async () => undefined);

/** Best effort: a session we will not pay for is canceled so the merchant releases stock. */
export async function releaseCheckout(connector: MerchantConnector | null, exec: ExecutionDoc) {
  if (!connector || !exec.checkout || exec.checkout.status === 'completed') return;
  try {
    await connector.cancelCheckout(exec.checkout.id, `${merchantKeyOf(exec)}_cancel`);
  } catch {
    // The session expires at the merchant anyway; nothing was paid.
  }
}

export const expired = (intent: IntentDoc, now: number) =>
  intent.expires_at_ms !== null && now >= intent.expires_at_ms;

/** An ending that returns the intent to watching, remembering the price that was refused. */
export const abandoned = (
  intent: IntentDoc,
  reason: WaitingReason,
  details: Record<string, unknown> = {},
): AttemptEnd<'abandoned'> => ({
  ending: 'abandoned',
  reason,
  details,
  price_cents: intent.last_observation?.price_cents ?? null,
});

/**
 * A step failed at the merchant before anything could be charged: refused, unreachable after its
 * retries, no connector in this process, nothing the page names that it can sell. An intent on
 * one page fails (that merchant was its only one). A product_id intent gives up that offer only
 * (MERCHANT_ERROR, not tried again for RETRY_AFTER_MS) and waits: its next choice may take another.
 * Never for a step that may have charged: those are reconciled (ARCHITECTURE.md, invariant 3).
 */
export function failedBeforePayment(
  intent: IntentDoc,
  exec: ExecutionDoc,
  failure: { code: string; message: string },
): AttemptEnd {
  if (!exec.offer) return { ending: 'failed', ...failure };
  return {
    ...abandoned(intent, 'MERCHANT_ERROR', { code: failure.code, merchant: exec.merchant }),
    error: failure,
  };
}

/** Ends an attempt whose checkout failed a check: expired, or back to waiting with the reason. */
export function endRefused(
  deps: StepDeps,
  exec: ExecutionDoc & { checkout: Checkout },
  intent: IntentDoc,
  verdict: Extract<TotalsVerdict, { ok: false }>,
) {
  if (verdict.reason === 'EXPIRED')
    return endAttempt(deps, exec, { ending: 'expired', previous_status: intent.status });
  return endAttempt(
    deps,
    exec,
    abandoned(intent, verdict.reason, {
      total_cents: exec.checkout.totals.total_cents,
      checks: verdict.checks,
    }),
  );
}

interface SucceedOptions<T> {
  /** The checks of the receipt; by default those verify_totals recorded. */
  guardrails?: GuardrailCheck[];
  /** The assisted flow: the user's confirmation resumes the intent in the same transaction. */
  resumed?: boolean;
  /** More writes for the same transaction (the resume call's stored response). */
  finish?: (tx: StoreTx) => Promise<T>;
}

/** Records the order: receipt, step event and intent.succeeded in one transaction. */
export async function succeed<T = undefined>(
  deps: StepDeps,
  exec: ExecutionDoc & { checkout: Checkout },
  intent: IntentDoc,
  options: SucceedOptions<T> = {},
): Promise<T> {
  const receipt = await buildSignedReceipt(
    {
      receiptId: deps.ctx.ids.next('rcpt'),
      intent,
      merchant: exec.merchant ?? deps.connector?.merchantId ?? 'unknown',
      checkout: exec.checkout,
      method: exec.connector,
      // The user paid at the merchant in the assisted flow: whatever the intent names was not used.
      paymentMethod:
        exec.connector === 'acp' && intent.payment?.payment_method_id
          ? (findPaymentMethod(intent.livemode, intent.payment.payment_method_id) ?? null)
          : null,
      guardrails: options.guardrails ?? exec.guardrails ?? [],
      executedAt: isoTime(deps.ctx.clock.now()),
      offerUrl: exec.product_url,
    },
    await deps.signer(),
  );
  deps.failpoint('succeed:before_commit');
  const end: AttemptEnd<'succeeded'> = {
    ending: 'succeeded',
    receipt,
    scope: intent.scope,
    order_id: exec.checkout.order?.id ?? null,
    resumed: options.resumed ?? false,
  };
  return endAttemptWith(deps, exec, end, options.finish ?? (async () => undefined as T));
}
