import type { Store, StoreTx } from '../../engine/index';

/** `store` whose units work on `wrap(tx)`: a test counts, paces or fails a unit's operations. */
export const wrapUnits = (store: Store, wrap: (tx: StoreTx) => StoreTx): Store => ({
  ...store,
  transact: (work, options) => store.transact((tx) => work(wrap(tx)), options),
});
