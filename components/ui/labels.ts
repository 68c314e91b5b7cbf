import type { IntentStatus } from '../stores/types';
import type { Availability } from '../../engine/contract';

const STOCK_WORDS: Record<Availability, string> = {
  in_stock: 'In stock',
  limited: 'Limited stock',
  out_of_stock: 'Out of stock',
  preorder: 'Pre-order',
  backorder: 'On backorder',
  discontinued: 'Discontinued',
  in_store_only: 'In store only',
  unknown: 'Stock unknown',
};

export const stockWords = (availability: string | null | undefined) =>
  STOCK_WORDS[(availability ?? 'unknown') as Availability] ?? STOCK_WORDS.unknown;

export const STATUS_WORDS: Record<IntentStatus, string> = {
  active: 'Watching',
  waiting: 'Waiting for conditions',
  executing: 'Buying…',
  requires_user_action: 'Needs your action',
  succeeded: 'Bought',
  failed: 'Failed',
  expired: 'Expired',
  canceled: 'Canceled',
};

/** The tone of a status badge, used as a CSS modifier. */
export const STATUS_TONE: Record<IntentStatus, 'neutral' | 'busy' | 'attention' | 'good' | 'bad'> =
  {
    active: 'neutral',
    waiting: 'neutral',
    executing: 'busy',
    requires_user_action: 'attention',
    succeeded: 'good',
    failed: 'bad',
    expired: 'neutral',
    canceled: 'neutral',
  };

/** The host of a URL without `www.`, or the text itself when it is not a URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** An http(s) URL, or null: only those become links. */
export function safeHttpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

const AGO_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How fresh a figure is: "just now", "5 minutes ago", "3 hours ago", "yesterday". */
export function agoWords(iso: string | null | undefined, now = new Date()): string {
  const at = iso ? new Date(iso).getTime() : NaN;
  if (Number.isNaN(at)) return 'never seen';
  const elapsed = Math.max(0, now.getTime() - at);
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  for (const [unit, ms] of AGO_UNITS) {
    if (elapsed >= ms) return format.format(-Math.floor(elapsed / ms), unit);
  }
  return 'just now';
}
