import { defaultMaxCharge } from '../ui/money';
import { v1 } from './api';
import { endOfDay } from './watch';
import type { CreateIntentBody, Intent } from './types';

export interface WatchEdit {
  maxPriceMinor: number;
  /** YYYY-MM-DD, local date. */
  expiresOn: string;
}

/** The metadata key naming the intent an edited watch replaced: its history goes on. */
export const REPLACES_KEY = 'replaces';

/**
 * The API has no PATCH for intents (CONTRACT §5): an edit creates the same intent with the new
 * max price and expiry, naming the old one in metadata, then cancels the old one. Created first,
 * so that a failure never leaves the product unwatched.
 */
export async function replaceWatch(intent: Intent, edit: WatchEdit): Promise<Intent> {
  const quantity = intent.objective.quantity ?? 1;
  const payment = intent.payment?.payment_method_id
    ? {
        payment: {
          ...intent.payment,
          max_charge_cents: Math.max(
            intent.payment.max_charge_cents ?? 0,
            defaultMaxCharge(edit.maxPriceMinor, quantity),
          ),
        },
      }
    : {};
  const body = {
    type: intent.type,
    external_user_id: intent.external_user_id,
    objective: intent.objective,
    conditions: { ...intent.conditions, max_price_cents: edit.maxPriceMinor },
    guardrails: { ...intent.guardrails, expires_at: endOfDay(edit.expiresOn) },
    ...payment,
    metadata: { ...intent.metadata, [REPLACES_KEY]: intent.intent_id },
  } as CreateIntentBody;
  const created = await v1().createIntent(body, { idempotencyKey: crypto.randomUUID() });
  await v1().cancelIntent(intent.intent_id, {
    cancellation_reason: 'edited: replaced by a new watch',
  });
  return created;
}

/** The price history of an intent and of the ones it replaced, oldest first. */
export async function fullHistory(intent: Intent) {
  const points = [];
  let current: Intent | null = intent;
  for (let depth = 0; current && depth < 10; depth++) {
    const { data } = await v1().priceHistory(current.intent_id, { limit: 200 });
    points.unshift(...data);
    const previous: unknown = current.metadata?.[REPLACES_KEY];
    current =
      typeof previous === 'string'
        ? await v1()
            .getIntent(previous)
            .catch(() => null)
        : null;
  }
  return points.sort((a, b) => a.observed_at.localeCompare(b.observed_at));
}
