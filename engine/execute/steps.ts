import { TEST_CARDS, type TestPaymentMethodId } from '../payments/methods';
import type { DelegatedCard } from '../ports';
import type { ExecutionAt, ExecutionDoc } from '../schemas/execution';
import type { IntentDoc } from '../schemas/intent-doc';
import { isoTime } from '../util/time';
import type { AcpDeps, StepDeps, StepResult } from './deps';
import { abandoned, endAttempt, endRefused, expired, failedBeforePayment } from './endings';
import { merchantKeyOf, recordStep, saveExecution, touchIntent } from './records';
import { verifyTotals } from './verify';
import { askForIdentity, identityNeeded } from './identity';
import { paysByInvoice } from './invoice';
import { cheaperElsewhere } from './offer-memory';

export const OUT_OF_STOCK_CODES = new Set(['out_of_stock', 'quantity_exceeded', 'not_found']);
const HOUR = 60 * 60 * 1000;

export async function begin<E extends ExecutionDoc>(deps: StepDeps, exec: E): Promise<E> {
  if (exec.started_step === exec.step) return exec;
  const saved = await deps.ctx.store.transact(async (tx) => {
    const saved = await saveExecution(tx, deps.ctx, {
      ...exec,
      started_step: exec.step,
      retries: 0,
    });
    await recordStep(tx, deps.ctx, saved, 'execution.step_started');
    await touchIntent(tx, deps.ctx, saved, 'running');
    return saved;
  });
  deps.failpoint(`${exec.step}:started`);
  return saved;
}

/** Records the step as succeeded and the attempt at its next step (`next`, the document after it). */
async function advanceTo(
  deps: StepDeps,
  exec: ExecutionDoc,
  next: ExecutionDoc,
  data: Record<string, unknown>,
) {
  await deps.ctx.store.transact(async (tx) => {
    await recordStep(tx, deps.ctx, exec, 'execution.step_succeeded', data);
    const saved = await saveExecution(tx, deps.ctx, next);
    await touchIntent(tx, deps.ctx, saved, 'running');
  });
}

export async function createCheckout(
  deps: AcpDeps,
  exec: ExecutionAt<'create_checkout'>,
  intent: IntentDoc,
): Promise<StepResult> {
  exec = await begin(deps, exec);
  if (expired(intent, deps.ctx.clock.now())) {
    await endAttempt(deps, exec, { ending: 'expired', previous_status: intent.status });
    return true;
  }
  const sku = exec.sku;
  if (!sku) {
    const failure = {
      code: 'product_not_purchasable',
      message: 'The product page names no SKU the merchant can sell.',
    };
    await endAttempt(deps, exec, failedBeforePayment(intent, exec, failure));
    return true;
  }
  const currency = intent.conditions.currency ?? intent.last_observation?.currency ?? 'USD';
  const key = merchantKeyOf(exec);
  const checkout = await deps.retrying(exec, () =>
    deps.connector.createCheckout(
      { sku, quantity: exec.quantity, currency, buyer: intent.identity ?? null },
      key,
    ),
  );
  await advanceTo(
    deps,
    exec,
    { ...exec, step: 'verify_totals', checkout },
    { checkout_id: checkout.id, total_cents: checkout.totals.total_cents },
  );
  return false;
}

export async function verifyCheckout(
  deps: AcpDeps,
  exec: ExecutionAt<'verify_totals'>,
  intent: IntentDoc,
): Promise<StepResult> {
  exec = await begin(deps, exec);
  const { checkout } = exec;
  const now = deps.ctx.clock.now();
  if (checkout.status !== 'ready') {
    const fields = identityNeeded(checkout, intent);
    if (fields) {
      await askForIdentity(deps, exec, intent, fields);
      return true;
    }
    const outOfStock = checkout.problems.some((p) => OUT_OF_STOCK_CODES.has(p.code));
    await endAttempt(
      deps,
      exec,
      abandoned(intent, outOfStock ? 'OUT_OF_STOCK' : 'CHECKOUT_NOT_READY', {
        problems: checkout.problems,
      }),
    );
    return true;
  }
  const verdict = verifyTotals(intent, deps.connector.merchantId, checkout, exec.quantity, now);
  if (!verdict.ok) {
    await endRefused(deps, exec, intent, verdict);
    return true;
  }
  const cheaper = cheaperElsewhere(exec, checkout);
  if (cheaper) {
    const details = { total_cents: checkout.totals.total_cents, ...cheaper };
    await endAttempt(deps, exec, abandoned(intent, 'CHEAPER_ELSEWHERE', details));
    return true;
  }
  await advanceTo(
    deps,
    exec,
    {
      ...exec,
      step: 'delegate_payment',
      accepted_total_cents: checkout.totals.total_cents,
      guardrails: verdict.checks,
    },
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
  deps: AcpDeps,
  exec: ExecutionAt<'delegate_payment'>,
  intent: IntentDoc,
): Promise<StepResult> {
  exec = await begin(deps, exec);
  const now = deps.ctx.clock.now();
  if (expired(intent, now)) {
    await endAttempt(deps, exec, { ending: 'expired', previous_status: intent.status });
    return true;
  }
  if (paysByInvoice(intent)) {
    // An order on terms: no card to delegate; complete sends the terms instead of a token.
    await advanceTo(deps, exec, { ...exec, step: 'complete_checkout', token: null }, {});
    return false;
  }
  const card = cardFor(intent);
  if (!card) {
    await endAttempt(deps, exec, {
      ending: 'failed',
      code: 'payment_method_unavailable',
      message: 'The intent names no payment method this mode can charge.',
    });
    return true;
  }
  // The allowance is the total we checked, and it lapses with the intent: the merchant itself
  // refuses a charge above the limit or after expiry. Derived from the attempt, not from now, so
  // the request is byte-identical when replayed after a crash (same Idempotency-Key, same body).
  const expiresAt = Math.min(Date.parse(exec.created_at) + HOUR, intent.expires_at_ms ?? Infinity);
  const { checkout, accepted_total_cents } = exec;
  const key = merchantKeyOf(exec);
  const { token } = await deps.retrying(exec, () =>
    deps.connector.delegatePayment(
      {
        card,
        checkoutId: checkout.id,
        maxAmountCents: accepted_total_cents,
        currency: checkout.currency,
        expiresAt: isoTime(expiresAt),
      },
      key,
    ),
  );
  await advanceTo(
    deps,
    exec,
    { ...exec, step: 'complete_checkout', token },
    { max_amount_cents: accepted_total_cents },
  );
  return false;
}
