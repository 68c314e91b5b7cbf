import type { EngineContext } from '../context';
import type { Caller } from '../caller';
import { EngineError, invalid, notFound } from '../errors';
import { appendEvent } from '../events/log';
import { applyTransition } from '../machine/apply';
import { isTerminal } from '../machine/states';
import type { Status } from '../vocabulary';
import type { StoreReader, StoreTx } from '../ports';
import { isoTime, toUtc } from '../util/time';
import type { IntentDoc } from '../schemas/intent-doc';
import type { CreateIntentInput } from '../schemas/intent-input';
import { checkCreateIntent } from './validate';
import { latestExecution } from '../schemas/execution';
import { watchIdOf } from '../schemas/watch';
import { ensureWatch } from './watch';
import { registerProductIntent } from './links';
import { expiryMsOf } from './date-range';

/** Validates and builds a new intent; nothing is written yet. */
export async function prepareIntent(
  ctx: EngineContext,
  caller: Caller,
  body: CreateIntentInput,
): Promise<IntentDoc> {
  const input = await checkCreateIntent(ctx, caller, body);
  const now = ctx.clock.now();
  return {
    intent_id: ctx.ids.next('int'),
    scope: caller.scope,
    partner_id: caller.partnerId,
    livemode: caller.livemode,
    external_user_id: input.external_user_id,
    type: 'purchase',
    objective: input.objective,
    conditions: inUtc(input.conditions ?? {}),
    guardrails: inUtc(input.guardrails ?? {}),
    payment: input.payment ?? null,
    metadata: input.metadata ?? {},
    status: 'active',
    created_at: isoTime(now),
    updated_at: isoTime(now),
    next_action: null,
    last_observation: null,
    latest_execution: null,
    receipt_id: null,
    waiting_reason: null,
    watch_id: input.objective.product?.product_url
      ? watchIdOf(
          input.objective.product.product_url,
          caller.livemode,
          input.objective.product.variant ?? null,
        )
      : null,
    trigger_sku: input.conditions?.trigger?.sku ?? null,
    trigger_fired: null,
    expires_at_ms: expiryMsOf(input.conditions ?? {}, input.guardrails?.expires_at),
    version: 1,
  };
}

/** Conditions or guardrails with their timestamps in UTC with milliseconds (CONTRACT §2). */
function inUtc<T extends { expires_at?: string; time_windows?: { start: string; end: string }[] }>(
  part: T,
): T {
  return {
    ...part,
    ...(part.expires_at ? { expires_at: toUtc(part.expires_at) } : {}),
    ...(part.time_windows
      ? {
          time_windows: part.time_windows.map((w) => ({
            start: toUtc(w.start),
            end: toUtc(w.end),
          })),
        }
      : {}),
  };
}

/** Writes a prepared intent and its `intent.created` event in the caller's transaction. */
export async function insertIntent(tx: StoreTx, ctx: EngineContext, intent: IntentDoc) {
  await tx.put('intents', intent);
  const product = intent.objective.product;
  if (intent.watch_id && product?.product_url) {
    await ensureWatch(
      tx,
      {
        watch_id: intent.watch_id,
        url: product.product_url,
        livemode: intent.livemode,
        variant: product.variant ?? null,
      },
      ctx.clock.now(),
    );
  }
  await registerProductIntent(tx, intent, ctx.clock.now());
  await appendEvent(tx, ctx, intent, 'intent.created', {});
  return intent;
}

/** The caller's intent, or resource_missing: another partner's id answers exactly like a missing one. */
export async function loadIntent(
  reader: StoreReader,
  caller: Caller,
  intentId: string,
): Promise<IntentDoc> {
  const intent = await reader.get<IntentDoc>('intents', intentId);
  if (!intent || intent.scope !== caller.scope) throw notFound('intent', intentId, 'intent_id');
  return intent;
}

interface ListIntentsQuery {
  external_user_id?: string;
  status?: Status;
  limit: number;
  starting_after?: string;
}

/** Newest first; fetches one extra row to know whether more follow. */
/**
 * Newest first. Reads one extra row to know whether more follow. With both a user and a status,
 * the user's index is scanned and filtered (a user's intents are few; one index less to write on
 * every create).
 */
export async function listIntents(ctx: EngineContext, caller: Caller, query: ListIntentsQuery) {
  if (query.starting_after) await checkCursorIntent(ctx, caller, query.starting_after);
  const { index, prefix } = listIndex(caller, query);
  const wanted = (intent: IntentDoc) => !query.status || intent.status === query.status;
  const rows: IntentDoc[] = [];
  const size = Math.max(query.limit + 1, 50);
  let after = query.starting_after;
  for (;;) {
    const chunk = await ctx.store.query<IntentDoc>('intents', {
      index,
      prefix,
      ...(after ? { range: { lt: after } } : {}),
      order: 'desc',
      limit: size,
    });
    rows.push(...chunk.filter(wanted));
    if (rows.length > query.limit || chunk.length < size) break;
    after = chunk[chunk.length - 1]!.intent_id;
  }
  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  return { page, hasMore, nextCursor: hasMore ? page[page.length - 1]!.intent_id : null };
}

function listIndex(caller: Caller, query: ListIntentsQuery) {
  if (query.external_user_id !== undefined) {
    return { index: 'by_user', prefix: [caller.scope, query.external_user_id] };
  }
  if (query.status) return { index: 'by_status', prefix: [caller.scope, query.status] };
  return { index: 'by_scope', prefix: [caller.scope] };
}

async function checkCursorIntent(ctx: EngineContext, caller: Caller, id: string) {
  const intent = await ctx.store.get<IntentDoc>('intents', id);
  if (!intent || intent.scope !== caller.scope) {
    throw invalid(
      'starting_after',
      `starting_after must be the id of one of your intents; '${id}' is not.`,
    );
  }
}

export async function cancelIntent(
  tx: StoreTx,
  ctx: EngineContext,
  caller: Caller,
  intentId: string,
  reason: string | undefined,
): Promise<IntentDoc> {
  const intent = await loadIntent(tx, caller, intentId);
  if (isTerminal(intent.status)) {
    throw new EngineError(
      'intent_not_cancelable',
      `This intent has ended (${intent.status}) and can no longer be canceled.`,
    );
  }
  const execution = await latestExecution(tx, intent);
  if (execution?.completing && execution.state === 'running') {
    throw new EngineError(
      'intent_not_cancelable',
      'The purchase is being completed with the merchant right now; retry in a few seconds to see its outcome.',
    );
  }
  const applied = await applyTransition(tx, ctx, intentId, 'cancel', {
    previous_status: intent.status,
    ...(reason ? { cancellation_reason: reason } : {}),
  });
  return applied!.intent;
}
