import type { Clock, IdSource, Store } from './ports';

/** What every engine function needs from the outside world. Built once by createEngine. */
export interface EngineContext {
  store: Store;
  clock: Clock;
  ids: IdSource;
}

/** Who is calling: one partner in one mode. `scope` isolates every object they own. */
export interface Caller {
  partnerId: string;
  livemode: boolean;
  scope: string;
}

export const scopeOf = (partnerId: string, livemode: boolean) =>
  `${partnerId}:${livemode ? 'live' : 'test'}`;
