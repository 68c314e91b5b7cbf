import type { Intent } from '../stores/types';
import { stockWords } from './labels';
import { formatMoney } from './money';

const IN_STOCK = new Set(['in_stock', 'limited']);

/**
 * Why a watched product waits, in a few words, from the last check and the conditions: out of
 * stock, above your price, couldn't read the page. Null when it is not waiting (or nothing says
 * why). Tolerant of intents of any shape (a procurement intent has no max price).
 */
export function waitingWords(intent: Intent): string | null {
  if (intent.status !== 'waiting' && intent.status !== 'active') return null;
  const seen = intent.last_observation;
  if (!seen)
    return intent.status === 'waiting' ? 'The page could not be read yet' : 'Not checked yet';
  const wanted = intent.conditions?.availability;
  if (wanted !== undefined && !IN_STOCK.has(seen.availability))
    return stockWords(seen.availability);
  const max = intent.conditions?.max_price_cents;
  const currency = intent.conditions?.currency;
  if (currency && seen.currency && currency !== seen.currency)
    return `Priced in ${seen.currency}, not ${currency}`;
  if (max !== undefined && max !== null) {
    if (seen.price_cents === null) return "Couldn't read the price";
    if (seen.price_cents > max) return `Above your ${formatMoney(max, currency ?? seen.currency)}`;
  }
  return intent.status === 'waiting' ? 'Conditions not met yet' : null;
}

/** "Checked 12:05" (today) or "Checked 3 Nov, 12:05"; "Not checked yet" without a check. */
export function checkedWords(observedAt: string | null | undefined, now = new Date()): string {
  if (!observedAt) return 'Not checked yet';
  const at = new Date(observedAt);
  if (Number.isNaN(at.getTime())) return 'Not checked yet';
  const time = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return at.toDateString() === now.toDateString()
    ? `Checked ${time}`
    : `Checked ${at.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}, ${time}`;
}
