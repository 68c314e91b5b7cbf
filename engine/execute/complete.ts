import { applyTransition } from '../machine/apply';
import { MerchantError, type Challenge, type Checkout } from '../ports';
import type { ExecutionAt } from '../schemas/execution';
import type { IntentDoc } from '../schemas/intent-doc';
import { isoTime } from '../util/time';
import type { AcpDeps, StepResult } from './deps';
import {
  abandoned,
  endAttempt,
  endRefused,
  expired,
  failedBeforePayment,
  succeed,
} from './endings';
import { merchantKeyOf, recordStep, saveExecution } from './records';
import { begin, OUT_OF_STOCK_CODES } from './steps';
import { verifyTotals } from './verify';
import { paymentFor } from './invoice';

type Completing = ExecutionAt<'complete_checkout'>;

/** Marks the complete call in flight, unless the intent moved on or expired meanwhile. */
async function claimCompletion(
  deps: AcpDeps,
  exec: Completing,
): Promise<'go' | 'stop' | 'expired'> {
  return deps.ctx.store.transact(async (tx) => {
    const intent = await tx.get<IntentDoc>('intents', exec.intent_id);
    if (!intent || intent.status !== 'executing') return 'stop';
    if (expired(intent, deps.ctx.clock.now())) return 'expired';
    // Claimed again after a crash: the first claim's time is when a charge could have been made.
    const claimedAt = (exec.completing && exec.completing_at) || isoTime(deps.ctx.clock.now());
    await saveExecution(tx, deps.ctx, { ...exec, completing: true, completing_at: claimedAt });
    return 'go';
  });
}

export async function completeCheckout(
  deps: AcpDeps,
  exec: Completing,
  intent: IntentDoc,
): Promise<StepResult> {
  exec = await begin(deps, exec);
  // Set when a complete call was sent before and its outcome never recorded (crash, unknown).
  const mayHaveCharged = exec.completing === true;
  // The user took a while to answer the bank: the session is checked again before paying.
  if (exec.authentication && !mayHaveCharged && (await refusedOnRecheck(deps, exec, intent)))
    return true;
  const claim = await claimCompletion(deps, exec);
  if (claim === 'stop') return true;
  if (claim === 'expired') {
    if (mayHaveCharged) return settleAfterExpiry(deps, exec, intent);
    await endAttempt(deps, exec, { ending: 'expired', previous_status: intent.status });
    return true;
  }
  const { connector } = deps;
  const { checkout: session, authentication } = exec;
  const payment = paymentFor(exec, intent);
  const key = merchantKeyOf(exec);
  let checkout: Checkout;
  try {
    checkout = await deps.retrying(exec, async () => {
      try {
        return await connector.completeCheckout(
          session.id,
          { payment, ...(authentication ? { authentication } : {}) },
          key,
        );
      } catch (error) {
        // Unknown outcome: ask the merchant what happened before anything is sent again.
        if (!(error instanceof MerchantError) || error.outcome !== 'unknown') throw error;
        const seen = await connector.getCheckout(session.id);
        if (seen.status === 'completed' || seen.status === 'authentication_required') return seen;
        throw error;
      }
    });
  } catch (error) {
    if (!(error instanceof MerchantError)) throw error;
    return completionRefused(deps, exec, intent, error);
  }
  if (checkout.status === 'completed') return succeedCharged(deps, exec, intent, checkout);
  if (checkout.status === 'authentication_required' && checkout.challenge)
    return askUser(deps, { ...exec, checkout }, checkout.challenge);
  await endAttempt(
    deps,
    { ...exec, checkout },
    abandoned(intent, 'CHECKOUT_NOT_READY', { problems: checkout.problems }),
  );
  return true;
}

/**
 * Records the order. The receipt's checks are those of the session as charged, not as verified:
 * a merchant may reprice at complete (the allowance caps only the total), and a signed receipt
 * must not say a limit held when it did not. Expiry stays as checked when the call was claimed.
 */
async function succeedCharged(
  deps: AcpDeps,
  exec: Completing,
  intent: IntentDoc,
  charged: Checkout,
): Promise<StepResult> {
  const done = { ...exec, checkout: { ...exec.checkout, ...charged } };
  if (charged.lines.length === 0) {
    await succeed(deps, done, intent);
    return true;
  }
  const merchant = exec.merchant ?? deps.connector.merchantId;
  const claimedAt = Date.parse(exec.completing_at ?? exec.updated_at);
  const { checks } = verifyTotals(intent, merchant, charged, exec.quantity, claimedAt);
  await succeed(deps, done, intent, { guardrails: checks });
  return true;
}

/**
 * Past expiry, but a complete call may have charged: ask the merchant what happened and never
 * send the call again (that could charge after expiry). A charge that happened is recorded as
 * the success it was; otherwise the attempt expires. An unreachable merchant is asked again later.
 */
async function settleAfterExpiry(
  deps: AcpDeps,
  exec: Completing,
  intent: IntentDoc,
): Promise<StepResult> {
  const seen = await deps.retrying(exec, () => deps.connector.getCheckout(exec.checkout.id));
  if (seen.status === 'completed') return succeedCharged(deps, exec, intent, seen);
  await endAttempt(
    deps,
    { ...exec, checkout: { ...exec.checkout, ...seen } },
    { ending: 'expired', previous_status: intent.status },
  );
  return true;
}

/**
 * Reads the session as the merchant would charge it now and checks it once more (CONTRACT §9):
 * a price that rose while the user answered the bank sends the intent back to waiting. Returns
 * whether the attempt ended.
 */
async function refusedOnRecheck(
  deps: AcpDeps,
  exec: Completing,
  intent: IntentDoc,
): Promise<boolean> {
  const { connector } = deps;
  // Expiry first: it needs no merchant, and an unreachable merchant must not keep an expired
  // intent executing. Nothing can have been charged yet, so ending here is safe.
  if (expired(intent, deps.ctx.clock.now())) {
    await endAttempt(deps, exec, { ending: 'expired', previous_status: intent.status });
    return true;
  }
  let current: Checkout;
  try {
    current = await deps.retrying(exec, () => connector.getCheckout(exec.checkout.id));
  } catch (error) {
    // Unknown (unreachable): read again later. Refused (the session is gone): nothing to pay.
    if (!(error instanceof MerchantError) || error.outcome === 'unknown') throw error;
    const failure = { code: error.code, message: error.message };
    await endAttempt(deps, exec, failedBeforePayment(intent, exec, failure));
    return true;
  }
  const now = deps.ctx.clock.now();
  const verdict = verifyTotals(intent, connector.merchantId, current, exec.quantity, now);
  if (verdict.ok) return false;
  await endRefused(deps, { ...exec, checkout: { ...exec.checkout, ...current } }, intent, verdict);
  return true;
}

async function completionRefused(
  deps: AcpDeps,
  exec: Completing,
  intent: IntentDoc,
  error: MerchantError,
) {
  const settled = { ...exec, completing: false };
  const failed = { ending: 'failed', code: error.code, message: error.message } as const;
  if (error.outcome === 'declined') {
    await endAttempt(deps, settled, failed);
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
    await endAttempt(deps, settled, abandoned(intent, 'TOTAL_ABOVE_LIMIT', { code: error.code }));
  } else if (OUT_OF_STOCK_CODES.has(error.code)) {
    await endAttempt(deps, settled, abandoned(intent, 'OUT_OF_STOCK', { code: error.code }));
  } else {
    await endAttempt(deps, settled, failed);
  }
  return true;
}

async function askUser(deps: AcpDeps, exec: Completing, challenge: Challenge): Promise<StepResult> {
  await deps.ctx.store.transact(async (tx) => {
    const saved = await saveExecution(tx, deps.ctx, {
      ...exec,
      state: 'awaiting_user',
      step: 'authenticate',
      started_step: null,
      // Only a card's issuer asks: an invoice has no token and no challenge.
      token: exec.token!,
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
