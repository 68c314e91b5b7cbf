import type { Clock, Executor, IdSource, Signer, Store } from './ports';

/** Which product URLs live mode may name besides public addresses (CONTRACT §15). */
export interface NetworkPolicy {
  /** `--allow-private-network`: private and loopback addresses too. */
  allowPrivate: boolean;
  /** Exact origins (`http://127.0.0.1:8081`, the sandbox) the host's fetcher exempts. */
  exemptOrigins: readonly string[];
}

/** What every engine function needs from the outside world. Built once by createEngine. */
export interface EngineContext {
  store: Store;
  clock: Clock;
  ids: IdSource;
  /** The receipt signer, created on first use and persisted in the store. */
  signer: () => Promise<Signer>;
  /** Present when the engine can buy (a host wired connectors); resume then answers the bank. */
  executor?: Executor;
  /** Absent: live product URLs must name public addresses. */
  network?: NetworkPolicy;
}
