import type { EngineContext } from '../context';
import type { Caller } from '../caller';
import { EngineError, invalid } from '../errors';
import type { IntentDoc } from '../schemas/intent-doc';
import { loadIntent } from '../intents/service';
import type { StoreTx, UserActionAnswer } from '../ports';
import { latestExecution, type ExecutionAt, type ExecutionDoc } from '../schemas/execution';
import type { AttemptRunner, StepDeps } from './deps';
import { abandoned, endAttempt, endAttemptWith, succeed, type AttemptEnd } from './endings';
import { recordStep, saveExecution } from './records';
import { answerIdentity } from './identity';
import { resumeAttempt } from './resume-attempt';

const MAX_WRONG_CODES = 5;

type Finish<T> = (tx: StoreTx) => Promise<T>;

/**
 * POST /intents/{id}/resume with an executor (CONTRACT §11). The answer goes to the issuer (OTP,
 * 3DS) or ends the assisted purchase (confirmation); `finish` runs in the transaction that records
 * the outcome, so the API can store its idempotent response with it. The OTP is passed to the
 * issuer and forgotten: it is never written anywhere.
 */
export async function answerUserAction<T>(
  ctx: EngineContext,
  runner: AttemptRunner,
  caller: Caller,
  intentId: string,
  action: UserActionAnswer,
  finish: Finish<T>,
): Promise<T> {
  const intent = await loadIntent(ctx.store, caller, intentId);
  const exec = await latestExecution(ctx.store, intent);
  if (
    intent.status !== 'requires_user_action' ||
    !intent.next_action ||
    !exec ||
    exec.state !== 'awaiting_user'
  ) {
    throw new EngineError(
      'intent_not_resumable',
      `This intent is ${intent.status}; resume applies only while it is requires_user_action.`,
    );
  }
  if (action.type !== intent.next_action.type) {
    throw invalid(
      'user_action.type',
      `user_action.type must be '${intent.next_action.type}', the action this intent is waiting for.`,
    );
  }
  const deps = runner.depsFor(exec);
  // An answer that ends the attempt commits with the API's stored response (CONTRACT §5): one
  // transaction, so that a retry with the same key replays it. The session is freed after.
  const endWith = (end: AttemptEnd) => endAttemptWith(deps, exec, end, finish);
  if (!action.completed) {
    return endWith({
      ending: 'declined',
      price_cents: intent.last_observation?.price_cents ?? null,
    });
  }
  if (exec.step === 'confirm') return confirmAssisted(runner, exec, intent, action, finish);
  if (exec.step === 'verify_totals') {
    if (!deps.connector) throw new Error(`Attempt ${exec.execution_id} has no merchant to update.`);
    const acp = { ...deps, connector: deps.connector };
    return answerIdentity(ctx, runner, acp, exec, intent, action.data, finish);
  }
  if (action.type === 'otp' && !action.code) {
    throw new EngineError(
      'parameter_missing',
      'user_action.code is required for an OTP: the code the bank sent.',
      'user_action.code',
    );
  }
  const { connector } = deps;
  if (exec.step !== 'authenticate' || !exec.challenge || !connector)
    throw new Error(`Attempt ${exec.execution_id} waits for the user with no challenge to answer.`);
  const answer = await connector.answerChallenge(
    exec.challenge,
    action.type === 'otp' && action.code !== undefined ? { otp: action.code } : { approve: true },
  );
  switch (answer.kind) {
    case 'authenticated':
      return resumeWith(ctx, runner, exec, { authentication: answer.result }, finish);
    case 'incorrect':
      return wrongCode(ctx, deps, exec, answer.attemptsRemaining);
    case 'locked':
      return endWith({
        ending: 'failed',
        code: 'authentication_locked',
        message: 'Too many wrong codes: the bank locked this payment.',
      });
    case 'denied':
      return endWith(abandoned(intent, 'USER_DECLINED', { code: 'authentication_denied' }));
    case 'expired':
      // The challenge lapsed: complete again (a new key) and the bank issues a fresh one.
      return resumeWith(ctx, runner, exec, { authentication: null }, finish);
  }
}

async function resumeWith<T>(
  ctx: EngineContext,
  runner: AttemptRunner,
  exec: ExecutionAt<'authenticate'>,
  patch: { authentication: unknown },
  finish: Finish<T>,
): Promise<T> {
  const next: ExecutionAt<'complete_checkout'> = {
    ...exec,
    ...patch,
    state: 'running',
    step: 'complete_checkout',
    started_step: null,
    challenge: null,
    auth_round: exec.auth_round + 1,
  };
  return resumeAttempt(ctx, runner, next, exec.challenge?.type ?? 'otp', {}, finish);
}

async function wrongCode(
  ctx: EngineContext,
  deps: StepDeps,
  exec: ExecutionDoc,
  remaining: number | null,
): Promise<never> {
  const wrong = exec.wrong_codes + 1;
  const left = Math.max(0, Math.min(remaining ?? MAX_WRONG_CODES - wrong, MAX_WRONG_CODES - wrong));
  if (left === 0) {
    await endAttempt(
      deps,
      { ...exec, wrong_codes: wrong },
      {
        ending: 'failed',
        code: 'authentication_locked',
        message: 'Too many wrong codes: the payment was not made.',
      },
    );
    throw new EngineError(
      'incorrect_code',
      'The code is incorrect and no attempts are left; the purchase has failed.',
      'user_action.code',
    );
  }
  await ctx.store.transact(async (tx) => {
    const saved = await saveExecution(tx, ctx, { ...exec, wrong_codes: wrong });
    await recordStep(tx, ctx, saved, 'execution.step_failed', {
      code: 'incorrect_code',
      attempts_remaining: left,
      retrying: false,
    });
  });
  throw new EngineError(
    'incorrect_code',
    `The code is incorrect; ${left} attempt${left === 1 ? '' : 's'} left. Check the latest code from your bank.`,
    'user_action.code',
  );
}

async function confirmAssisted<T>(
  runner: AttemptRunner,
  exec: ExecutionAt<'confirm'>,
  intent: IntentDoc,
  action: UserActionAnswer,
  finish: Finish<T>,
): Promise<T> {
  const data = action.data ?? {};
  const total =
    typeof data.total_charged_cents === 'number' && Number.isInteger(data.total_charged_cents)
      ? data.total_charged_cents
      : null;
  const max = intent.payment?.max_charge_cents;
  if (total !== null && max !== undefined && total > max) {
    throw invalid(
      'user_action.data.total_charged_cents',
      `The reported total ${total} is above payment.max_charge_cents (${max}); decline instead, or check the amount.`,
    );
  }
  const price = intent.last_observation?.price_cents ?? 0;
  const charged = total ?? price * exec.quantity;
  const checkout = {
    id: `assisted_${exec.execution_id}`,
    status: 'completed' as const,
    currency: intent.last_observation?.currency ?? intent.conditions.currency ?? 'USD',
    lines: [
      {
        sku: exec.sku ?? 'unknown',
        name: intent.objective.product?.product_title ?? null,
        quantity: exec.quantity,
        unit_price_cents: price,
        total_cents: charged,
      },
    ],
    totals: { subtotal_cents: charged, shipping_cents: 0, tax_cents: 0, total_cents: charged },
    problems: [],
    challenge: null,
    order: {
      id: typeof data.order_id === 'string' ? data.order_id : null,
      permalink_url: null,
    } as { id: string; permalink_url: string | null },
  };
  // The success and the API's stored response commit together (CONTRACT §5).
  return succeed(
    runner.depsFor(exec),
    { ...exec, checkout, merchant: exec.merchant ?? 'unknown' },
    intent,
    { guardrails: [], resumed: true, finish },
  );
}
