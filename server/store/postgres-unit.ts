import type { PoolClient } from 'pg';
import type { StoreTx } from '../../engine/index';
import { isConflict, isConnectionLoss } from './postgres-errors';

/**
 * How one run of a unit ended. `conflict` and `not_started` mean that nothing of it was committed
 * and it may run again (`disconnected`: the connection broke before COMMIT); `unknown` means the connection broke after COMMIT was sent.
 */
export type UnitOutcome<T> =
  | { kind: 'committed'; value: T }
  | { kind: 'failed'; error: unknown }
  | { kind: 'conflict'; error: unknown }
  | { kind: 'disconnected'; error: unknown }
  | { kind: 'unknown'; error: unknown };

/** The tx operations of one unit, bound to its connection. */
export type TxOn = (client: PoolClient) => StoreTx;

/**
 * Runs `work` once in a transaction on `client` (SERIALIZABLE unless the unit is guarded by its
 * writes: UnitOptions) and says how it ended. The first failed operation decides the outcome
 * whatever `work` does with the error: after a failure the transaction is aborted, and
 * PostgreSQL would answer our COMMIT with a silent ROLLBACK.
 */
export async function runUnit<T>(
  client: PoolClient,
  txOn: TxOn,
  work: (tx: StoreTx) => Promise<T>,
  isolation: 'SERIALIZABLE' | 'READ COMMITTED' = 'SERIALIZABLE',
): Promise<{ outcome: UnitOutcome<T>; broken: boolean }> {
  let failure: { error: unknown } | undefined;
  const track = <R>(operation: Promise<R>) =>
    operation.catch((error: unknown) => {
      failure ??= { error };
      throw error;
    });
  const inner = txOn(client);
  const tx: StoreTx = {
    get: (table, key) => track(inner.get(table, key)),
    reread: (table, key, seen, field) => track(inner.reread!(table, key, seen, field)),
    putIfUnchanged: (table, doc, seen, field) =>
      track(inner.putIfUnchanged!(table, doc, seen, field)),
    insertIfAbsent: (table, doc) => track(inner.insertIfAbsent!(table, doc)),
    query: (table, query) => track(inner.query(table, query)),
    put: (table, doc) => track(inner.put(table, doc)),
    delete: (table, key) => track(inner.delete(table, key)),
  };
  const rolledBack = async (outcome: UnitOutcome<T>) => {
    const broken = await client.query('ROLLBACK').then(
      () => false,
      () => true,
    );
    return { outcome, broken };
  };

  try {
    await client.query(`BEGIN ISOLATION LEVEL ${isolation}`);
  } catch (error) {
    return { outcome: storeFailure(error) ?? { kind: 'failed', error }, broken: true };
  }
  let value: T;
  try {
    value = await work(tx);
  } catch (error) {
    return rolledBack((failure && storeFailure(failure.error)) || { kind: 'failed', error });
  }
  if (failure)
    return rolledBack(storeFailure(failure.error) ?? { kind: 'failed', error: failure.error });
  try {
    const result = await client.query('COMMIT');
    if (result.command !== 'COMMIT') throw new Error(`COMMIT answered ${result.command}`);
  } catch (error) {
    if (isConflict(error)) return { outcome: { kind: 'conflict', error }, broken: false };
    if (isConnectionLoss(error)) return { outcome: { kind: 'unknown', error }, broken: true };
    return rolledBack({ kind: 'failed', error });
  }
  return { outcome: { kind: 'committed', value }, broken: false };
}

/** Failures that leave nothing committed and let the unit run again; undefined for others. */
function storeFailure<T>(error: unknown): UnitOutcome<T> | undefined {
  if (isConflict(error)) return { kind: 'conflict', error };
  if (isConnectionLoss(error)) return { kind: 'disconnected', error };
  return undefined;
}
