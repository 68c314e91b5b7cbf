import type { Clock, Executor, IdSource, Signer, Store } from './ports';

/** What every engine function needs from the outside world. Built once by createEngine. */
export interface EngineContext {
  store: Store;
  clock: Clock;
  ids: IdSource;
  /** The receipt signer, created on first use and persisted in the store. */
  signer: () => Promise<Signer>;
  /** Present when the engine can buy (a host wired connectors); resume then answers the bank. */
  executor?: Executor;
}
