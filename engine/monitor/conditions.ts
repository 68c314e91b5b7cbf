import { quantityOf } from '../intents/quantity';
import { dateRangeBounds } from '../intents/date-range';
import type { IntentDoc } from '../schemas/intent-doc';
import type { Observation } from '../schemas/intent';
import type { WaitingReason } from '../vocabulary';

type Verdict = { holds: true } | { holds: false; reason: WaitingReason };

const unmet = (reason: WaitingReason): Verdict => ({ holds: false, reason });

const STOCK_REASONS: Record<Observation['availability'], WaitingReason | null> = {
  in_stock: null,
  limited: null,
  out_of_stock: 'OUT_OF_STOCK',
  preorder: 'PREORDER',
  backorder: 'BACKORDER',
  discontinued: 'DISCONTINUED',
  in_store_only: 'IN_STORE_ONLY',
  unknown: 'STOCK_UNKNOWN',
};

/**
 * Whether the conditions and guardrails of CONTRACT §9 hold for an observation. A purchase
 * always needs stock the buyer can get online (InStock, LimitedAvailability, OnlineOnly), whether
 * or not `availability` was given; unknown stock never holds. Checks run in a fixed order so the
 * reported reason is stable: merchant, stock, variant, currency, price, total, then time windows. The date range is
 * decided before the page is read (decide.ts). `ambiguous`: the page offered several variants and
 * none was chosen.
 */
export function evaluate(
  intent: Pick<IntentDoc, 'objective' | 'conditions' | 'guardrails' | 'payment'>,
  observation: Observation,
  now: number,
  ambiguous = false,
): Verdict {
  const allowed = intent.guardrails.allowed_merchants;
  if (
    allowed &&
    allowed.length > 0 &&
    (!observation.merchant || !allowed.includes(observation.merchant))
  ) {
    return unmet('MERCHANT_NOT_ALLOWED');
  }
  if (ambiguous) return unmet('AMBIGUOUS_OFFER');
  const stock = STOCK_REASONS[observation.availability];
  if (stock) return unmet(stock);
  const { currency, max_price_cents } = intent.conditions;
  if (currency && observation.currency !== currency) {
    return unmet(observation.currency ? 'CURRENCY_MISMATCH' : 'PRICE_UNKNOWN');
  }
  const maxCharge = intent.payment?.max_charge_cents;
  const needsPrice = max_price_cents !== undefined || maxCharge !== undefined;
  if (needsPrice && observation.price_cents === null) return unmet('PRICE_UNKNOWN');
  if (max_price_cents !== undefined && observation.price_cents! > max_price_cents) {
    return unmet('PRICE_ABOVE_LIMIT');
  }
  if (maxCharge !== undefined && observation.price_cents! * quantityOf(intent) > maxCharge) {
    return unmet('TOTAL_ABOVE_LIMIT');
  }
  if (!insideTimeWindow(intent.conditions.time_windows, now)) return unmet('OUTSIDE_TIME_WINDOW');
  return { holds: true };
}

/** Before the first day of `date_range` (after its last, the intent has expired: expires_at_ms). */
export function beforeDateRange(conditions: IntentDoc['conditions'], now: number): boolean {
  const bounds = dateRangeBounds(conditions);
  return bounds !== null && now < bounds.startMs;
}

function insideTimeWindow(windows: { start: string; end: string }[] | undefined, now: number) {
  if (!windows || windows.length === 0) return true;
  return windows.some((w) => Date.parse(w.start) <= now && now < Date.parse(w.end));
}
