import type { Context } from 'hono';
import { findIdempotent, saveIdempotent } from '../idempotency/records';
import type { StoreTx } from '../ports';
import type { ApiEnv } from './env';
import { jsonText, withRequestId } from './json-text';
import { replay } from './middleware/idempotency';

/**
 * Runs a write and its idempotency record in ONE transaction and answers with its result. If a
 * twin request committed first (the in-flight guard is per process), the stored answer is replayed
 * instead of doing the work twice. The answer is serialised once: the same text is stored for
 * replays and sent.
 */
export async function commit<T extends object>(
  c: Context<ApiEnv>,
  status: 200 | 201,
  work: (tx: StoreTx) => Promise<T>,
  /** Who opens the transaction: the store by default; the executor when it must call out first. */
  within: <R>(unit: (tx: StoreTx) => Promise<R>) => Promise<R> = (unit) =>
    c.get('ctx').store.transact(unit),
): Promise<Response> {
  const ctx = c.get('ctx');
  const idempotency = c.get('idempotency');
  const requestId = c.get('requestId');
  const outcome = await within(async (tx) => {
    if (idempotency) {
      const prior = await findIdempotent(tx, ctx, idempotency.id);
      if (prior) return { prior, text: undefined };
    }
    const text = withRequestId(JSON.stringify(await work(tx)), requestId);
    if (idempotency) await saveIdempotent(tx, ctx, idempotency, status, text, requestId);
    return { prior: undefined, text };
  });
  if (outcome.prior) return replay(c, outcome.prior, idempotency!.requestHash);
  return jsonText(c, outcome.text!, status);
}
