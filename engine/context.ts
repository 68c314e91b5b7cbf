import type { Executor } from './execute/executor';
import type { Clock, IdSource, Signer, Store } from './ports';

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

/** Who is calling: one partner in one mode. `scope` isolates every object they own. */
export interface Caller {
  partnerId: string;
  livemode: boolean;
  scope: string;
  /** Hash of the API key that made the call (CONTRACT §15 rate-limits each key). */
  keyHash?: string;
}

export const scopeOf = (partnerId: string, livemode: boolean) =>
  `${partnerId}:${livemode ? 'live' : 'test'}`;
