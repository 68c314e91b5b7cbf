import type { Store, StoreTx } from '../ports';

/** What the run of a unit holding a `tx` has registered: its hooks, its memo once asked for. */
interface UnitRun {
  hooks: (() => void)[];
  memo?: Map<string, unknown>;
}
const runs = new WeakMap<StoreTx, UnitRun>();

/**
 * The store with after-commit hooks: work registered with `afterCommit(tx, run)` runs once the
 * transaction committed, and never if it rolled back. A unit the adapter runs again (a
 * serialization retry) starts with no hooks: only those of the run that committed are kept; and
 * with an empty memo (unitMemo).
 */
export function withAfterCommit(store: Store): Store {
  return {
    get: (table, key) => store.get(table, key),
    ...(store.peek ? { peek: store.peek } : {}),
    query: (table, query) => store.query(table, query),
    async transact(work, options) {
      let run: UnitRun | undefined;
      const result = await store.transact((tx) => {
        run = { hooks: [] };
        runs.set(tx, run);
        return work(tx);
      }, options);
      for (const hook of run?.hooks ?? []) hook();
      return result;
    },
    close: () => store.close(),
  };
}

/**
 * Runs `run` after `tx` commits (in-memory state that must not see a write before it is durable,
 * nor one that was rolled back). A transaction of a store without hooks runs it at once.
 */
export function afterCommit(tx: StoreTx, run: () => void): void {
  const hooks = runs.get(tx)?.hooks;
  if (hooks) hooks.push(run);
  else run();
}

/**
 * What this run of the unit holding `tx` has worked out and may use again (a store may hand one
 * `tx` to unit after unit, never two at once: each run starts with an empty memo). Undefined for a
 * transaction of a store without it.
 */
export function unitMemo(tx: StoreTx): Map<string, unknown> | undefined {
  const run = runs.get(tx);
  if (run) run.memo ??= new Map();
  return run?.memo;
}
