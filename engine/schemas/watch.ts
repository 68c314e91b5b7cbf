import type { Observation } from './intent';

/** One watched page in one mode. Every intent on that page shares its schedule and its fetch. */
export interface WatchDoc {
  [field: string]: unknown;
  watch_id: string;
  url: string;
  livemode: boolean;
  /** Variant to pick on pages with several offers (from the first intent that set one). */
  variant: string | null;
  next_check_at: number;
  /** Consecutive failed checks; drives backoff and OBSERVATION_FAILED. */
  failures: number;
  last_error: string | null;
  etag: string | null;
  last_modified: string | null;
  last_observation: Observation | null;
  /** SKU of the offer last read off the page: the item id a checkout asks for. */
  offer_sku: string | null;
  /** Whether the last page read offered several variants and none was chosen. */
  last_ambiguous: boolean;
  /** Fingerprint of the last page read: an identical page is not read again. */
  page_fingerprint: string | null;
  /** Time of the last history point written, to thin unchanged observations. */
  last_history_at: number | null;
  /**
   * A product intent watches this page through a link (table intent_watches): the monitor looks
   * its links up. Absent on pages only URL intents watch, which then cost no extra read.
   */
  linked?: boolean;
  /** When and with what the page last went into the Resolve catalog (resolve/monitor-pages.ts). */
  catalog?: { fingerprint: string | null; at: number } | null;
  /** The instance checking it now (monitor/claim.ts); null or absent once checked. */
  claimed_by?: string | null;
  /**
   * Asked to be checked now while claimed (intents/watch.ts): the claimant's check makes it due at
   * once instead of an interval later. Absent otherwise.
   */
  due_again?: boolean;
  /**
   * Not fetched again before this time (ms), whoever asks (a new intent, a cheaper offer's turn):
   * the politeness floor after each fetch (monitor.ts). Absent before the first fetch.
   */
  not_before?: number;
}

/** The page to watch for a URL: the fragment never reaches the server, so it is dropped. */
export function watchIdOf(url: string, livemode: boolean, variant: string | null = null): string {
  const page = url.split('#')[0]!;
  return `${livemode ? 'live' : 'test'} ${page}${variant ? ` #variant=${variant}` : ''}`;
}
