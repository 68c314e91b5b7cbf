import { TEST_CARDS, type TestPaymentMethodId } from '../payments/methods';
import type { DelegatedCard } from '../ports';
import type { ExecutionDoc, Step } from '../schemas/execution';
import type { IntentDoc } from '../schemas/intent-doc';
import { isoTime } from '../util/time';
import type { StepDeps, StepResult } from './deps';
import { backToWaiting, endRefused, expireAttempt, expired, failAttempt } from './endings';
import { recordStep, saveExecution, touchIntent } from './outcomes';
import { merchantKeyOf } from './records';
import { verifyTotals } from './verify';

export const OUT_OF_STOCK_CODES = new Set(['out_of_stock', 'quantity_exceeded', 'not_found']);
const HOUR = 60 * 60 * 1000;

export async function begin(deps: StepDeps, exec: ExecutionDoc): Promise<ExecutionDoc> {
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

export async function advanceTo(
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

export async function createCheckout(
  deps: StepDeps,
  exec: ExecutionDoc,
  intent: IntentDoc,
): Promise<StepResult> {
  exec = await begin(deps, exec);
  const connector = deps.connector!;
  if (expired(intent, deps.ctx.clock.now())) {
    await expireAttempt(deps, exec, intent);
    return true;
  }
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
    await endRefused(deps, exec, intent, verdict);
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
