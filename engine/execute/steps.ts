import type { EngineContext } from '../context';
import type { IntentDoc } from '../intents/record';
import { findPaymentMethod, TEST_CARDS, type TestPaymentMethodId } from '../payments/methods';
import { MerchantError, type Checkout, type DelegatedCard, type MerchantConnector } from '../ports';
import { buildSignedReceipt } from '../receipts/build';
import type { Signer } from '../ports';
import { applyTransition } from '../machine/apply';
import { isoTime } from '../util/time';
import { endAttempt, recordStep, releaseCheckout, saveExecution, touchIntent } from './outcomes';
import { merchantKeyOf, type ExecutionDoc, type Step } from './records';
import { verifyTotals, type GuardrailCheck } from './verify';

export interface StepDeps {
  ctx: EngineContext;
  connector: MerchantConnector | null;
  signer: () => Promise<Signer>;
  /** Runs a merchant call, retrying unknown outcomes with the same key; throws the last error. */
  retrying: <T>(exec: ExecutionDoc, call: () => Promise<T>) => Promise<T>;
  /** Crash-test hook: called at named points (`<step>:started`, `:before_call`, `:after_call`). */
  failpoint: (name: string) => void;
}

/** true: the attempt stopped (finished or waiting for the user); false: run the next step. */
export type StepResult = boolean;

const OUT_OF_STOCK_CODES = new Set(['out_of_stock', 'quantity_exceeded', 'not_found']);
const HOUR = 60 * 60 * 1000;

async function begin(deps: StepDeps, exec: ExecutionDoc): Promise<ExecutionDoc> {
  if (exec.started_step === exec.step) return exec;
  return deps.ctx.store
    .transact(async (tx) => {
      const saved = await saveExecution(tx, deps.ctx, {
        ...exec,
        started_step: exec.step,
        retries: 0,
      });
      await recordStep(tx, deps.ctx, saved, 'execution.step_started');
      await touchIntent(tx, deps.ctx, saved, 'running');
      return saved;
    })
    .then((saved) => {
      deps.failpoint(`${exec.step}:started`);
      return saved;
    });
}

async function advanceTo(
  deps: StepDeps,
  exec: ExecutionDoc,
  next: Step,
  patch: Partial<ExecutionDoc>,
  data: Record<string, unknown> = {},
) {
  await deps.ctx.store.transact(async (tx) => {
    await recordStep(tx, deps.ctx, exec, 'execution.step_succeeded', data);
    const saved = await saveExecution(tx, deps.ctx, { ...exec, ...patch, step: next });
    await touchIntent(tx, deps.ctx, saved, 'running');
  });
}

/** Ends the attempt without buying and goes back to watching, remembering the price that failed. */
export async function backToWaiting(
  deps: StepDeps,
  exec: ExecutionDoc,
  intent: IntentDoc,
  reason: string,
  data: Record<string, unknown> = {},
) {
  await deps.ctx.store.transact((tx) =>
    endAttempt(
      tx,
      deps.ctx,
      exec,
      'return_to_waiting',
      { reason, attempt: exec.attempt, ...data },
      {
        waiting_reason: reason,
        next_action: null,
        blocked_at_price_cents: intent.last_observation?.price_cents ?? null,
      },
      'abandoned',
    ),
  );
  await releaseCheckout(deps.connector, exec);
}

export async function failAttempt(
  deps: StepDeps,
  exec: ExecutionDoc,
  code: string,
  message: string,
) {
  const withError = { ...exec, last_error: { code, message } };
  await deps.ctx.store.transact((tx) =>
    endAttempt(
      tx,
      deps.ctx,
      withError,
      'fail',
      { code, message, attempt: exec.attempt },
      { next_action: null },
      'failed',
    ),
  );
  await releaseCheckout(deps.connector, exec);
}

async function expireAttempt(deps: StepDeps, exec: ExecutionDoc, intent: IntentDoc) {
  await deps.ctx.store.transact((tx) =>
    endAttempt(tx, deps.ctx, exec, 'expire', { previous_status: intent.status }, {}, 'expired'),
  );
  await releaseCheckout(deps.connector, exec);
}

const expired = (intent: IntentDoc, now: number) =>
  intent.expires_at_ms !== null && now >= intent.expires_at_ms;

export async function createCheckout(
  deps: StepDeps,
  exec: ExecutionDoc,
  intent: IntentDoc,
): Promise<StepResult> {
  exec = await begin(deps, exec);
  const connector = deps.connector!;
  if (!exec.sku) {
    await failAttempt(
      deps,
      exec,
      'product_not_purchasable',
      'The product page names no SKU the merchant can sell.',
    );
    return true;
  }
  const currency = intent.conditions.currency ?? intent.last_observation?.currency ?? 'USD';
  const checkout = await deps.retrying(exec, () =>
    connector.createCheckout(
      { sku: exec.sku!, quantity: exec.quantity, currency },
      merchantKeyOf(exec),
    ),
  );
  await advanceTo(
    deps,
    exec,
    'verify_totals',
    { checkout },
    { checkout_id: checkout.id, total_cents: checkout.totals.total_cents },
  );
  return false;
}

export async function verifyCheckout(
  deps: StepDeps,
  exec: ExecutionDoc,
  intent: IntentDoc,
): Promise<StepResult> {
  exec = await begin(deps, exec);
  const checkout = exec.checkout!;
  const now = deps.ctx.clock.now();
  if (checkout.status !== 'ready') {
    const outOfStock = checkout.problems.some((p) => OUT_OF_STOCK_CODES.has(p.code));
    await backToWaiting(deps, exec, intent, outOfStock ? 'OUT_OF_STOCK' : 'CHECKOUT_NOT_READY', {
      problems: checkout.problems,
    });
    return true;
  }
  const verdict = verifyTotals(intent, deps.connector!.merchantId, checkout, exec.quantity, now);
  if (!verdict.ok) {
    if (verdict.reason === 'EXPIRED') await expireAttempt(deps, exec, intent);
    else
      await backToWaiting(deps, exec, intent, verdict.reason, {
        total_cents: checkout.totals.total_cents,
        checks: verdict.checks,
      });
    return true;
  }
  await advanceTo(
    deps,
    exec,
    'delegate_payment',
    { accepted_total_cents: checkout.totals.total_cents, guardrails: verdict.checks },
    { total_cents: checkout.totals.total_cents },
  );
  return false;
}

function cardFor(intent: IntentDoc): DelegatedCard | null {
  const id = intent.payment?.payment_method_id;
  if (!id || intent.livemode || !(id in TEST_CARDS)) return null;
  const card = TEST_CARDS[id as TestPaymentMethodId];
  return {
    number: card.number,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    brand: card.brand,
  };
}

export async function delegatePayment(
  deps: StepDeps,
  exec: ExecutionDoc,
  intent: IntentDoc,
): Promise<StepResult> {
  exec = await begin(deps, exec);
  const now = deps.ctx.clock.now();
  if (expired(intent, now)) {
    await expireAttempt(deps, exec, intent);
    return true;
  }
  const card = cardFor(intent);
  if (!card) {
    await failAttempt(
      deps,
      exec,
      'payment_method_unavailable',
      'The intent names no payment method this mode can charge.',
    );
    return true;
  }
  // The allowance is the total we checked, and it lapses with the intent: the merchant itself
  // refuses a charge above the limit or after expiry. Derived from the attempt, not from now, so
  // the request is byte-identical when replayed after a crash (same Idempotency-Key, same body).
  const expiresAt = Math.min(Date.parse(exec.created_at) + HOUR, intent.expires_at_ms ?? Infinity);
  const { token } = await deps.retrying(exec, () =>
    deps.connector!.delegatePayment(
      {
        card,
        checkoutId: exec.checkout!.id,
        maxAmountCents: exec.accepted_total_cents!,
        currency: exec.checkout!.currency,
        expiresAt: isoTime(expiresAt),
      },
      merchantKeyOf(exec),
    ),
  );
  await advanceTo(
    deps,
    exec,
    'complete_checkout',
    { token },
    { max_amount_cents: exec.accepted_total_cents },
  );
  return false;
}

/** Marks the complete call in flight, unless the intent moved on or expired meanwhile. */
async function claimCompletion(
  deps: StepDeps,
  exec: ExecutionDoc,
): Promise<'go' | 'stop' | 'expired'> {
  return deps.ctx.store.transact(async (tx) => {
    const intent = await tx.get<IntentDoc>('intents', exec.intent_id);
    if (!intent || intent.status !== 'executing') return 'stop';
    if (expired(intent, deps.ctx.clock.now())) return 'expired';
    await saveExecution(tx, deps.ctx, { ...exec, completing: true });
    return 'go';
  });
}

export async function completeCheckout(
  deps: StepDeps,
  exec: ExecutionDoc,
  intent: IntentDoc,
): Promise<StepResult> {
  exec = await begin(deps, exec);
  const claim = await claimCompletion(deps, exec);
  if (claim === 'stop') return true;
  if (claim === 'expired') {
    await expireAttempt(deps, exec, intent);
    return true;
  }
  const connector = deps.connector!;
  let checkout: Checkout;
  try {
    checkout = await deps.retrying(exec, async () => {
      try {
        return await connector.completeCheckout(
          exec.checkout!.id,
          {
            token: exec.token!,
            ...(exec.authentication ? { authentication: exec.authentication } : {}),
          },
          merchantKeyOf(exec),
        );
      } catch (error) {
        // Unknown outcome: ask the merchant what happened before anything is sent again.
        if (!(error instanceof MerchantError) || error.outcome !== 'unknown') throw error;
        const seen = await connector.getCheckout(exec.checkout!.id);
        if (seen.status === 'completed' || seen.status === 'authentication_required') return seen;
        throw error;
      }
    });
  } catch (error) {
    if (!(error instanceof MerchantError)) throw error;
    return completionRefused(deps, exec, intent, error);
  }
  if (checkout.status === 'completed')
    return succeed(deps, { ...exec, checkout: { ...exec.checkout!, ...checkout } }, intent);
  if (checkout.status === 'authentication_required' && checkout.challenge)
    return askUser(deps, { ...exec, checkout }, checkout);
  await backToWaiting(deps, { ...exec, checkout }, intent, 'CHECKOUT_NOT_READY', {
    problems: checkout.problems,
  });
  return true;
}

async function completionRefused(
  deps: StepDeps,
  exec: ExecutionDoc,
  intent: IntentDoc,
  error: MerchantError,
) {
  const settled = { ...exec, completing: false };
  if (error.outcome === 'declined') {
    await failAttempt(deps, settled, error.code, error.message);
  } else if (error.outcome === 'unknown') {
    // Still unknown after every retry: leave the attempt running; recovery tries again later.
    await deps.ctx.store.transact(async (tx) => {
      await recordStep(tx, deps.ctx, settled, 'execution.step_failed', {
        code: error.code,
        message: error.message,
        retrying: true,
      });
    });
    throw error;
  } else if (error.code === 'allowance_exceeded') {
    await backToWaiting(deps, settled, intent, 'TOTAL_ABOVE_LIMIT', { code: error.code });
  } else if (OUT_OF_STOCK_CODES.has(error.code)) {
    await backToWaiting(deps, settled, intent, 'OUT_OF_STOCK', { code: error.code });
  } else {
    await failAttempt(deps, settled, error.code, error.message);
  }
  return true;
}

async function askUser(
  deps: StepDeps,
  exec: ExecutionDoc,
  checkout: Checkout,
): Promise<StepResult> {
  const challenge = checkout.challenge!;
  await deps.ctx.store.transact(async (tx) => {
    const saved = await saveExecution(tx, deps.ctx, {
      ...exec,
      state: 'awaiting_user',
      step: 'authenticate',
      started_step: null,
      challenge,
      completing: false,
    });
    await applyTransition(
      tx,
      deps.ctx,
      exec.intent_id,
      'needs_user_action',
      { action_type: challenge.type, instructions: challenge.instructions },
      {
        next_action: {
          type: challenge.type,
          instructions: challenge.instructions,
          expires_at: challenge.expires_at,
        },
        latest_execution: {
          attempt: saved.attempt,
          step: 'authenticate',
          status: 'requires_user_action',
          total_cents: saved.accepted_total_cents,
          merchant: saved.merchant,
          last_error: null,
        },
      },
    );
  });
  return true;
}

/**
 * Records the order: receipt, step event and intent.succeeded in one transaction. `confirmed`
 * marks the assisted flow, where the user's confirmation first resumes the intent.
 */
export async function succeed(
  deps: StepDeps,
  exec: ExecutionDoc,
  intent: IntentDoc,
  guardrails?: GuardrailCheck[],
  confirmed = false,
): Promise<StepResult> {
  const receiptId = deps.ctx.ids.next('rcpt');
  const checkout = exec.checkout!;
  const receipt = await buildSignedReceipt(
    {
      receiptId,
      intent,
      merchant: exec.merchant ?? deps.connector?.merchantId ?? 'unknown',
      checkout,
      paymentMethod: intent.payment?.payment_method_id
        ? (findPaymentMethod(intent.livemode, intent.payment.payment_method_id) ?? null)
        : null,
      guardrails: guardrails ?? exec.guardrails ?? [],
      executedAt: isoTime(deps.ctx.clock.now()),
    },
    await deps.signer(),
  );
  deps.failpoint('succeed:before_commit');
  await deps.ctx.store.transact(async (tx) => {
    if (confirmed) {
      await applyTransition(
        tx,
        deps.ctx,
        exec.intent_id,
        'resume',
        { action_type: 'confirmation' },
        { next_action: null },
      );
    }
    await tx.put('receipts', { ...receipt, scope: intent.scope });
    await recordStep(tx, deps.ctx, exec, 'execution.step_succeeded', {
      order_id: checkout.order?.id ?? null,
    });
    await endAttempt(
      tx,
      deps.ctx,
      exec,
      'succeed',
      {
        merchant: receipt.merchant,
        total_charged_cents: receipt.totals.total_charged_cents,
        currency: receipt.currency,
        receipt_id: receiptId,
        order_id: receipt.order.id,
      },
      { receipt_id: receiptId, next_action: null },
      'succeeded',
    );
  });
  return true;
}
