import { formatMoney } from '../../components/ui/money';

/** What the notifier reads of an intent (the v1 list item); any intent type fits. */
export interface IntentItem {
  intent_id: string;
  status: string;
  objective?: { product?: { product_title?: string; product_url?: string } };
  next_action?: { type?: string; instructions?: string } | null;
  latest_execution?: {
    total_cents?: number | null;
    last_error?: { message?: string } | null;
  } | null;
  last_observation?: { price_cents?: number | null; currency?: string | null } | null;
}

export function productName(intent: IntentItem): string {
  const product = intent.objective?.product;
  if (product?.product_title) return product.product_title;
  try {
    return new URL(product?.product_url ?? '').hostname.replace(/^www\./, '');
  } catch {
    return intent.intent_id;
  }
}

const moneyOf = (cents: number | null | undefined, currency: string | null | undefined) =>
  cents == null || !currency ? null : formatMoney(cents, currency);

/** A price reached at a shop without an API: the user buys it there (the "price drop" alert). */
export const isPriceDrop = (intent: IntentItem) =>
  intent.status === 'requires_user_action' && intent.next_action?.type === 'confirmation';

const ACTION_TITLES: Record<string, string> = {
  otp: 'Code needed',
  '3ds': 'Approve the payment',
  identity: 'Confirm it is you',
};

/** One change, in words: what happened, the product's name and price. */
export function describe(intent: IntentItem): { title: string; message: string } {
  const name = productName(intent);
  const seen = intent.last_observation;
  const price = moneyOf(seen?.price_cents, seen?.currency);
  const withPrice = price ? `${name} — ${price}` : name;
  switch (intent.status) {
    case 'requires_user_action':
      if (isPriceDrop(intent))
        return { title: 'Price reached', message: `${withPrice}. Click to buy it at the shop.` };
      return {
        title: ACTION_TITLES[intent.next_action?.type ?? ''] ?? 'Your action is needed',
        message: `${withPrice}: ${intent.next_action?.instructions || 'open Intent Commerce to continue'}.`,
      };
    case 'succeeded': {
      const paid = moneyOf(intent.latest_execution?.total_cents, seen?.currency);
      return {
        title: 'Bought',
        message: `${name}${paid ? ` for ${paid}` : ''}. The receipt is in Intent Commerce.`,
      };
    }
    default:
      return {
        title: 'Purchase failed',
        message: `${name}: ${intent.latest_execution?.last_error?.message ?? 'the purchase did not go through'}.`,
      };
  }
}

/** Several changes at once, in one notification. */
export function describeGroup(intents: readonly IntentItem[]): { title: string; message: string } {
  const lines = intents
    .slice(0, 4)
    .map((intent) => `${describe(intent).title}: ${productName(intent)}`);
  if (intents.length > 4) lines.push(`and ${intents.length - 4} more`);
  return { title: `${intents.length} watched products need a look`, message: lines.join('\n') };
}
