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

/** The product's name and, when one was seen, its price: `Kettle — €45.00`. */
function nameAndPrice(intent: IntentItem): string {
  const seen = intent.last_observation;
  const price = moneyOf(seen?.price_cents, seen?.currency);
  return price ? `${productName(intent)} — ${price}` : productName(intent);
}

/** One change, in words: what happened, the product's name and price. */
export function describe(intent: IntentItem): { title: string; message: string } {
  const name = productName(intent);
  const seen = intent.last_observation;
  const withPrice = nameAndPrice(intent);
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

/** Lines a pop-up shows in full (Chromium's own shows four); more are summed up in the last. */
const GROUP_LINES = 4;

/**
 * Several changes at once, in one notification: a line each with name and price. When they are
 * all of one kind the title says which ("Price reached: 3 products") and the lines are only the
 * products; otherwise each line starts with its kind.
 */
export function describeGroup(intents: readonly IntentItem[]): { title: string; message: string } {
  const kinds = intents.map((intent) => describe(intent).title);
  const oneKind = kinds.every((kind) => kind === kinds[0]);
  const lines = intents.map((intent, n) =>
    oneKind ? nameAndPrice(intent) : `${kinds[n]}: ${nameAndPrice(intent)}`,
  );
  const shown =
    lines.length > GROUP_LINES
      ? [...lines.slice(0, GROUP_LINES - 1), `and ${lines.length - GROUP_LINES + 1} more`]
      : lines;
  return {
    title: oneKind
      ? `${kinds[0]}: ${intents.length} products`
      : `${intents.length} watched products need a look`,
    message: shown.join('\n'),
  };
}
