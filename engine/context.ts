import type { Clock, Executor, IdSource, Signer, Store } from './ports';

/** Which product URLs live mode may name besides public addresses (CONTRACT §15). */
export interface NetworkPolicy {
  /** `--allow-private-network`: private and loopback addresses too. */
  allowPrivate: boolean;
  /** Exact origins (`http://127.0.0.1:8081`, the sandbox) the host's fetcher exempts. */
  exemptOrigins: readonly string[];
}

/** Notes each use of an API key; writes `last_used_at` (to the minute) off the request path. */
export interface KeyUsage {
  seen(keyHash: string, lastUsedAt: string | null, now: number): void;
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
  /** Records when keys were last used; absent, nothing is recorded. */
  keyUsage?: KeyUsage;
  /** Absent: live product URLs must name public addresses. */
  network?: NetworkPolicy;
}
