/** Who is calling: one partner in one mode. `scope` isolates every object they own. */
export interface Caller {
  partnerId: string;
  livemode: boolean;
  scope: string;
  /** Hash of the API key that made the call (CONTRACT §15 rate-limits each key). */
  keyHash?: string;
  /** A `--read-only` key: every write answers 403 permission_denied. */
  readOnly?: boolean;
}

export const scopeOf = (partnerId: string, livemode: boolean) =>
  `${partnerId}:${livemode ? 'live' : 'test'}`;
