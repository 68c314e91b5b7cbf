import type { EngineContext } from '../context';
import { appendEvent, type EventDoc } from '../events/log';
import type { IntentDoc } from '../schemas/intent-doc';
import type { StoreTx } from '../ports';
import { isoTime } from '../util/time';
import type { ExecutionStatus } from '../vocabulary';
import { isTerminal } from './states';
import { canApply, TRANSITIONS, type Trigger } from './transitions';

const IN_PROGRESS = new Set(['running', 'requires_user_action']);

interface Applied {
  intent: IntentDoc;
  event: EventDoc;
}

/**
 * Moves an intent along one row of the table, checked against the intent as it is inside `tx` so
 * that a decision taken on a stale copy (the intent was canceled meanwhile) can never apply;
 * `seen`, the copy decided on, spares the store reading it again when its version is still the
 * current one (written only if so, where the store can: one statement instead of two). Returns
 * null when the row does not apply to the current status. Writes the intent and its event in the
 * same transaction.
 */
export async function applyTransition(
  tx: StoreTx,
  ctx: EngineContext,
  intentId: string,
  trigger: Trigger,
  data: Record<string, unknown> = {},
  patch: Partial<IntentDoc> = {},
  seen?: IntentDoc,
): Promise<Applied | null> {
  let intent: IntentDoc | null = null;
  if (seen && tx.putIfUnchanged && canApply(trigger, seen.status)) {
    const next = transitioned(ctx, seen, trigger, patch);
    if (await tx.putIfUnchanged('intents', next, seen, 'version')) intent = next;
  }
  if (!intent) {
    const current =
      seen && tx.reread
        ? await tx.reread('intents', intentId, seen, 'version')
        : await tx.get<IntentDoc>('intents', intentId);
    if (!current || !canApply(trigger, current.status)) return null;
    intent = transitioned(ctx, current, trigger, patch);
    await tx.put('intents', intent);
  }
  const event = await appendEvent(tx, ctx, intent, TRANSITIONS[trigger].event, data);
  return { intent, event };
}

/** The intent once `trigger` moved it from `current` (which it must apply to). */
function transitioned(
  ctx: EngineContext,
  current: IntentDoc,
  trigger: Trigger,
  patch: Partial<IntentDoc>,
): IntentDoc {
  const row = TRANSITIONS[trigger];
  const terminal = isTerminal(row.to);
  const latest = patch.latest_execution ?? current.latest_execution;
  return {
    ...current,
    ...patch,
    status: row.to,
    updated_at: isoTime(ctx.clock.now()),
    version: current.version + 1,
    ...(terminal
      ? {
          watch_id: null,
          trigger_sku: null,
          expires_at_ms: null,
          next_action: null,
          // A canceled or expired intent shows no attempt still in progress.
          latest_execution:
            latest && IN_PROGRESS.has(latest.status)
              ? { ...latest, status: row.to as ExecutionStatus }
              : latest,
        }
      : {}),
  };
}
