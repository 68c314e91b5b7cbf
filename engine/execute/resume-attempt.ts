import type { EngineContext } from '../context';
import { EngineError } from '../errors';
import { applyTransition } from '../machine/apply';
import type { StoreTx } from '../ports';
import type { ExecutionDoc } from '../schemas/execution';
import type { IntentDoc } from '../schemas/intent-doc';
import type { AttemptRunner } from './deps';
import { saveExecution, summaryOf } from './records';

/**
 * Runs an attempt again after the user's answer: saves `next`, moves the intent back to executing
 * with `patch` (its next_action cleared) and starts the attempt once that is committed. `finish`
 * runs in the same transaction; an intent that moved on meanwhile answers 409.
 */
export async function resumeAttempt<T>(
  ctx: EngineContext,
  runner: AttemptRunner,
  next: ExecutionDoc,
  actionType: string,
  patch: Partial<IntentDoc>,
  finish: (tx: StoreTx) => Promise<T>,
): Promise<T> {
  const result = await ctx.store.transact(async (tx) => {
    await saveExecution(tx, ctx, next);
    const applied = await applyTransition(
      tx,
      ctx,
      next.intent_id,
      'resume',
      { action_type: actionType },
      { ...patch, next_action: null, latest_execution: summaryOf(next, 'running') },
    );
    if (!applied) {
      throw new EngineError(
        'intent_not_resumable',
        'This intent moved on while the answer was checked.',
      );
    }
    return finish(tx);
  });
  runner.start(next.execution_id);
  return result;
}
