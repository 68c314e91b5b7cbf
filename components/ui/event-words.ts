import type { WaitingReason } from '../../engine/contract';
import { stockWords } from './labels';
import { formatMoney } from './money';

/** Every waiting reason in words: the type makes a new reason fail to compile until it has some. */
const REASON_WORDS: Record<WaitingReason, string> = {
  MERCHANT_NOT_ALLOWED: 'a merchant you did not allow',
  OUT_OF_STOCK: 'out of stock',
  PREORDER: 'pre-order only',
  BACKORDER: 'on backorder',
  DISCONTINUED: 'discontinued',
  IN_STORE_ONLY: 'in store only',
  STOCK_UNKNOWN: 'stock unknown',
  AMBIGUOUS_OFFER: 'several variants, none chosen',
  CURRENCY_MISMATCH: 'priced in another currency',
  PRICE_UNKNOWN: 'no price could be read',
  PRICE_ABOVE_LIMIT: 'above your price',
  TOTAL_ABOVE_LIMIT: 'the total is above your max charge',
  OUTSIDE_TIME_WINDOW: 'outside your time window',
  OBSERVATION_FAILED: "couldn't read the page",
  CHECKOUT_NOT_READY: 'the shop would not take payment',
  USER_DECLINED: 'you declined',
  QUANTITY_MISMATCH: 'the shop would not sell that quantity',
  OUTSIDE_DATE_RANGE: 'outside your dates',
  INVENTORY_ABOVE_THRESHOLD: 'stock is above your reorder level',
  SUPPLIER_UNKNOWN: 'no shop known for this item yet',
  NO_OFFER: 'no shop sells it yet',
  CHEAPER_ELSEWHERE: 'cheaper at another shop once shipping is added',
  MERCHANT_ERROR: 'the shop could not take the order; trying another',
};

type Data = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : null);
const number = (value: unknown) => (typeof value === 'number' ? value : null);

const timeOf = (iso: string) => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime())
    ? iso
    : at.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
};

/** What a check saw: "€1,299.00, in stock". */
function seen(data: Data): string | null {
  const price = number(data.price_cents);
  const parts = [
    price !== null ? formatMoney(price, text(data.currency)) : null,
    text(data.availability) ? stockWords(text(data.availability)).toLowerCase() : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/** One event in words: "12:05 — Checked: €1,299.00, in stock; above your price". */
export function eventWords(event: { type: string; timestamp: string; data?: unknown }): string {
  const data = (event.data ?? {}) as Data;
  const code = text(data.reason);
  const reason = code ? (REASON_WORDS[code as WaitingReason] ?? code.toLowerCase()) : undefined;
  const what = (() => {
    switch (event.type) {
      case 'intent.created':
        return 'Started watching';
      case 'intent.waiting': {
        const saw = seen(data);
        // "€260.00, out of stock; out of stock" says it twice.
        const why = reason && !saw?.includes(reason) ? reason : null;
        return `Checked${saw ? `: ${saw}` : ''}${why ? `; ${why}` : ''}`;
      }
      case 'intent.executing':
        return `Conditions met${seen(data) ? ` at ${seen(data)}` : ''}: buying`;
      case 'execution.needs_user_action':
        return data.action_type === 'confirmation'
          ? 'Price reached: waiting for you to buy it at the shop'
          : `Waiting for you (${text(data.action_type) ?? 'an action'})`;
      case 'intent.resumed':
        return 'You answered';
      case 'intent.succeeded':
        return `Bought${number(data.total_charged_cents) !== null ? ` for ${formatMoney(number(data.total_charged_cents), text(data.currency))}` : ''}`;
      case 'intent.failed':
        return `Failed: ${text(data.message) ?? text(data.code) ?? 'unknown reason'}`;
      case 'intent.canceled':
        return `Stopped${text(data.cancellation_reason) ? ` (${text(data.cancellation_reason)})` : ''}`;
      case 'intent.expired':
        return 'Expired';
      case 'execution.step_failed':
        return `A step failed: ${text(data.message) ?? text(data.code) ?? text(data.step)}`;
      default:
        return null;
    }
  })();
  return what ? `${timeOf(event.timestamp)} — ${what}` : '';
}
