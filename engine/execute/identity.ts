import type { EngineContext } from '../context';
import { EngineError } from '../errors';
import { applyTransition } from '../machine/apply';
import type { BuyerDetails, Checkout, StoreTx } from '../ports';
import { IDENTITY_SHAPES } from '../schemas/identity';
import type { ExecutionAt } from '../schemas/execution';
import type { IntentDoc } from '../schemas/intent-doc';
import type { IdentityField } from '../vocabulary';
import { valueAt } from '../util/value-at';
import type { AcpDeps, AttemptRunner } from './deps';
import { merchantKeyOf, saveExecution, summaryOf } from './records';
import { resumeAttempt } from './resume-attempt';

const LABELS: Record<IdentityField, string> = {
  name: 'your name',
  email: 'your email',
  phone: 'a phone number',
  shipping_address: 'a shipping address',
};

/**
 * The buyer details a not-ready checkout lacks, when that is all it lacks and the intent does not
 * already hold them (a merchant that still says missing after being told is not asked about again).
 */
export function identityNeeded(checkout: Checkout, intent: IntentDoc): IdentityField[] | null {
  const { problems } = checkout;
  if (problems.length === 0 || problems.some((p) => !p.field)) return null;
  const fields = [...new Set(problems.map((p) => p.field!))];
  if (fields.some((field) => intent.identity?.[field] !== undefined)) return null;
  return fields;
}

/** Pauses the attempt at verify_totals and asks the user for the fields (next_action identity). */
export async function askForIdentity(
  deps: AcpDeps,
  exec: ExecutionAt<'verify_totals'>,
  intent: IntentDoc,
  fields: IdentityField[],
) {
  const { ctx } = deps;
  const wanted = fields.map((field) => LABELS[field]).join(', ');
  const instructions = `${deps.connector.merchantId} needs ${wanted} to deliver this order. Give them here; they are kept with this intent for its purchases only.`;
  await ctx.store.transact(async (tx) => {
    const saved = await saveExecution(tx, ctx, { ...exec, state: 'awaiting_user' });
    await applyTransition(
      tx,
      ctx,
      exec.intent_id,
      'needs_user_action',
      { action_type: 'identity', instructions, fields },
      {
        next_action: {
          type: 'identity',
          instructions,
          fields,
          expires_at: intent.guardrails.expires_at ?? null,
        },
        latest_execution: summaryOf(saved, 'requires_user_action'),
      },
    );
  });
}

/**
 * The answer's details for the fields asked; a missing or malformed one, or one not asked for
 * (it would be ignored), is a 400 naming it.
 */
export function detailsFrom(data: Record<string, unknown> | undefined, fields: IdentityField[]) {
  const notAsked = Object.keys(data ?? {}).find((key) => !fields.includes(key as IdentityField));
  if (notAsked !== undefined) {
    const param = `user_action.data.${notAsked}`;
    throw new EngineError(
      'parameter_unknown',
      `${param} was not asked for: the merchant needs ${fields.join(', ')} (next_action.fields).`,
      param,
    );
  }
  const details: BuyerDetails = {};
  for (const field of fields) {
    const param = `user_action.data.${field}`;
    const value = data?.[field];
    if (value === undefined || value === null) {
      throw new EngineError(
        'parameter_missing',
        `${param} is required: the merchant needs it for this order.`,
        param,
      );
    }
    const parsed = IDENTITY_SHAPES[field].safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const path = [param, ...issue.path.map(String)].join('.');
      const missing = issue.code === 'invalid_type' && valueAt(value, issue.path) === undefined;
      throw new EngineError(
        missing ? 'parameter_missing' : 'parameter_invalid',
        missing ? `${path} is required.` : `${path} ${issue.message}.`,
        path,
      );
    }
    Object.assign(details, { [field]: parsed.data });
  }
  return details;
}

/**
 * resume with the identity asked for: the details are kept with the intent (never in an event),
 * given to the merchant's open session, and the attempt checks the session again.
 */
export async function answerIdentity<T>(
  ctx: EngineContext,
  runner: AttemptRunner,
  deps: AcpDeps,
  exec: ExecutionAt<'verify_totals'>,
  intent: IntentDoc,
  data: Record<string, unknown> | undefined,
  finish: (tx: StoreTx) => Promise<T>,
): Promise<T> {
  const details = detailsFrom(data, intent.next_action?.fields ?? []);
  const identity: BuyerDetails = { ...intent.identity, ...details };
  const round = (exec.identity_round ?? 0) + 1;
  const checkout = await deps.connector.updateBuyer(
    exec.checkout.id,
    identity,
    `${merchantKeyOf(exec)}_identity${round}`,
  );
  const next: ExecutionAt<'verify_totals'> = {
    ...exec,
    checkout,
    state: 'running',
    started_step: null,
    identity_round: round,
  };
  return resumeAttempt(ctx, runner, next, 'identity', { identity }, finish);
}
