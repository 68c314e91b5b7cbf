import { useState } from 'react';
import { usePaymentStore } from '@/components/stores/payment-store';
import { localDatePlusDays, type WatchDraft } from '@/components/stores/watch';
import {
  defaultMaxCharge,
  parseMajor,
  priceDropTarget,
  type ParsedAmount,
  toMajorText,
} from '@/components/ui/money';

export type WatchFieldName = 'maxPrice' | 'quantity' | 'expiresOn' | 'paymentMethod' | 'maxCharge';
type Terms = Pick<
  WatchDraft,
  | 'maxPriceMinor'
  | 'quantity'
  | 'expiresOn'
  | 'paymentMethodId'
  | 'maxChargeMinor'
  | 'onlyThisMerchant'
>;

/** `drop`: tell (or buy) when the price falls to the target; `now`: buy at today's price. */
export type WatchGoal = 'drop' | 'now';

const QUANTITY_MAX = 10_000;

const priceText = (minor: number | null, currency: string) =>
  minor !== null && currency ? toMajorText(minor, currency) : '';

/** The lowest price seen before when below today's, else a round step below today's. */
function dropTargetOf(priceMinor: number | null, lowestSeen: number | null, currency: string) {
  if (priceMinor === null || !currency) return null;
  if (lowestSeen !== null && lowestSeen > 0 && lowestSeen < priceMinor) return lowestSeen;
  return priceDropTarget(priceMinor, currency);
}

/**
 * State and validation of the purchase terms shared by the Watch form and the manual form.
 * `canPay`: the engine can pay at this shop (an API merchant); elsewhere there are no payment
 * fields and the intent is an alert the user answers by buying at the shop.
 */
export function useWatchFields(
  currency: string,
  priceMinor: number | null,
  canPay: boolean,
  /** The lowest price this product was seen at before (an earlier watch's history), if any. */
  lowestSeenMinor: number | null = null,
) {
  const defaultMethodId = usePaymentStore((state) => state.defaultId);
  const dropTarget = dropTargetOf(priceMinor, lowestSeenMinor, currency);
  const [goal, setGoalState] = useState<WatchGoal>('drop');
  /** null while the user has not typed a price: it then follows the goal's suggestion. */
  const [typedPrice, setMaxPrice] = useState<string | null>(null);
  const maxPrice = typedPrice ?? priceText(goal === 'now' ? priceMinor : dropTarget, currency);
  const setGoal = (next: WatchGoal) => {
    setGoalState(next);
    setMaxPrice(null);
  };
  const [quantity, setQuantity] = useState('1');
  const [expiresOn, setExpiresOn] = useState(() => localDatePlusDays(30));
  const [onlyThisMerchant, setOnlyThisMerchant] = useState(true);
  const [chosenMethodId, setPaymentMethodId] = useState('');
  /** null while the user has not edited it: it then follows price × quantity × 1.25. */
  const [editedCharge, setMaxCharge] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);

  const paymentMethodId = chosenMethodId || defaultMethodId || '';
  const price = currency ? parseMajor(maxPrice, currency) : { error: 'Choose a currency first.' };
  const count = /^\d+$/.test(quantity.trim()) ? Number(quantity) : NaN;
  const suggested =
    'minor' in price && count >= 1
      ? toMajorText(defaultMaxCharge(price.minor, count), currency)
      : '';
  const maxCharge = editedCharge ?? suggested;
  const charge = currency ? parseMajor(maxCharge, currency) : price;

  const errors: Partial<Record<WatchFieldName, string>> = {};
  if ('error' in price) errors.maxPrice = price.error;
  else if (price.minor === 0) errors.maxPrice = 'The maximum price must be more than zero.';
  if (!(count >= 1 && count <= QUANTITY_MAX))
    errors.quantity = `Enter a whole number from 1 to ${QUANTITY_MAX}.`;
  if (!expiresOn || expiresOn < localDatePlusDays(0))
    errors.expiresOn = 'Choose a date from today on.';
  if (canPay)
    Object.assign(errors, paymentErrors(paymentMethodId, price, charge, count, editedCharge));

  /** The validated terms, or null (and errors shown) when a field needs fixing. */
  const terms = (): Terms | null => {
    setShowErrors(true);
    if (Object.keys(errors).length > 0 || !('minor' in price)) return null;
    const payment =
      canPay && 'minor' in charge ? { paymentMethodId, maxChargeMinor: charge.minor } : {};
    return { maxPriceMinor: price.minor, quantity: count, expiresOn, onlyThisMerchant, ...payment };
  };

  return {
    goal,
    setGoal,
    canPay,
    /** Today's price on the page, when known: what the `now` goal prefills. */
    priceMinor,
    parsedMaxPrice: 'minor' in price ? price.minor : null,
    values: { maxPrice, quantity, expiresOn, onlyThisMerchant, paymentMethodId, maxCharge },
    set: {
      maxPrice: setMaxPrice,
      quantity: setQuantity,
      expiresOn: setExpiresOn,
      onlyThisMerchant: setOnlyThisMerchant,
      paymentMethodId: setPaymentMethodId,
      maxCharge: setMaxCharge,
    },
    errors: showErrors ? errors : {},
    chargeFollowsPrice: editedCharge === null,
    resetCharge: () => setMaxCharge(null),
    terms,
  };
}

/** Errors of the payment fields, checked only where the engine pays. */
function paymentErrors(
  paymentMethodId: string,
  price: ParsedAmount,
  charge: ParsedAmount,
  count: number,
  editedCharge: string | null,
): Partial<Record<WatchFieldName, string>> {
  const errors: Partial<Record<WatchFieldName, string>> = {};
  if (!paymentMethodId) errors.paymentMethod = 'Choose a payment method.';
  // With no valid price yet, the suggested total is empty too: one error on the price is enough.
  if ('error' in charge) {
    if (editedCharge !== null || 'minor' in price) errors.maxCharge = charge.error;
  } else if ('minor' in price && count >= 1 && charge.minor < price.minor * count)
    errors.maxCharge = 'The total charge must cover at least price × quantity.';
  return errors;
}

export type WatchFieldsState = ReturnType<typeof useWatchFields>;
