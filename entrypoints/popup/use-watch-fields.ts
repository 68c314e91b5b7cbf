import { useState } from 'react';
import { usePaymentStore } from '@/components/stores/payment-store';
import { localDatePlusDays, type WatchDraft } from '@/components/stores/watch';
import { defaultMaxCharge, parseMajor, toMajorText } from '@/components/ui/money';

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

const QUANTITY_MAX = 10_000;

/** State and validation of the purchase terms shared by the Watch form and the manual form. */
export function useWatchFields(currency: string, priceMinor: number | null) {
  const defaultMethodId = usePaymentStore((state) => state.defaultId);
  const [maxPrice, setMaxPrice] = useState(() =>
    priceMinor !== null && currency ? toMajorText(priceMinor, currency) : '',
  );
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
  if (!paymentMethodId) errors.paymentMethod = 'Choose a payment method.';
  // With no valid price yet, the suggested total is empty too: one error on the price is enough.
  if ('error' in charge) {
    if (editedCharge !== null || 'minor' in price) errors.maxCharge = charge.error;
  } else if ('minor' in price && count >= 1 && charge.minor < price.minor * count)
    errors.maxCharge = 'The total charge must cover at least price × quantity.';

  /** The validated terms, or null (and errors shown) when a field needs fixing. */
  const terms = (): Terms | null => {
    setShowErrors(true);
    if (Object.keys(errors).length > 0 || !('minor' in price) || !('minor' in charge)) return null;
    return {
      maxPriceMinor: price.minor,
      quantity: count,
      expiresOn,
      paymentMethodId,
      maxChargeMinor: charge.minor,
      onlyThisMerchant,
    };
  };

  return {
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

export type WatchFieldsState = ReturnType<typeof useWatchFields>;
