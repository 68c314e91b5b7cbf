import { useId } from 'react';
import { usePaymentStore } from '@/components/stores/payment-store';
import { ErrorMessage } from '@/components/ui/ErrorMessage';
import { PaymentMethodSelect } from '@/components/ui/PaymentMethodSelect';
import { TextField } from '@/components/ui/TextField';
import { localDatePlusDays } from '@/components/stores/watch';
import { formatMoney } from '@/components/ui/money';
import { WatchGoalChoice } from './WatchGoalChoice';
import type { WatchFieldsState } from './use-watch-fields';

/** "a", "a or b", "a, b or c". */
const orList = (items: string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : (items[0] ?? '');

/**
 * What will happen, in one line: "We'll tell you when it drops to €1,200 or less." `shops`: the
 * merchants of a watch at several shops (null for this page alone).
 */
export function watchSentence(
  fields: WatchFieldsState,
  currency: string,
  shops: string[] | null = null,
): string {
  const { parsedMaxPrice, goal, canPay } = fields;
  if (parsedMaxPrice === null || !currency) return 'Enter the price you want to pay.';
  const money = formatMoney(parsedMaxPrice, currency);
  const when =
    goal === 'drop' ? `it drops to ${money} or less` : `it is in stock at ${money} or less`;
  if (shops)
    return canPay
      ? `We'll buy it at the cheapest of ${orList(shops)} when ${when} there, within your max total charge.`
      : `We'll tell you when ${when} at ${orList(shops)} (the cheapest first); you then buy it at that shop and confirm here.`;
  return canPay
    ? `We'll buy it when ${when}, within your max total charge.`
    : `We'll tell you when ${when}; you then buy it at the shop and confirm here.`;
}

/** The purchase terms: max price, quantity, expiry, merchant guardrail, payment, max total. */
export function WatchFields({
  fields,
  currency,
  merchant,
  shops = null,
}: {
  fields: WatchFieldsState;
  currency: string;
  merchant: string | null;
  /** The merchants of a watch at several shops; their list replaces "Only this merchant". */
  shops?: string[] | null;
}) {
  const { values, set, errors } = fields;
  const merchantId = useId();
  const unit = currency ? ` (${currency})` : '';
  return (
    <>
      <WatchGoalChoice fields={fields} currency={currency} />
      <div className="row">
        <TextField
          label={`Max price${unit}`}
          value={values.maxPrice}
          onChange={set.maxPrice}
          inputMode="decimal"
          autoComplete="off"
          required
          error={errors.maxPrice}
          testId="watch-max-price"
        />
        <TextField
          label="Quantity"
          value={values.quantity}
          onChange={set.quantity}
          type="number"
          min={1}
          step={1}
          required
          error={errors.quantity}
          testId="watch-quantity"
        />
      </div>
      <TextField
        label="Watch until"
        type="date"
        value={values.expiresOn}
        onChange={set.expiresOn}
        min={localDatePlusDays(0)}
        required
        error={errors.expiresOn}
        testId="watch-expires"
      />
      {!shops && (
        <div className="check">
          <input
            id={merchantId}
            type="checkbox"
            checked={values.onlyThisMerchant}
            onChange={(event) => set.onlyThisMerchant(event.target.checked)}
            data-testid="watch-only-merchant"
          />
          <label htmlFor={merchantId}>Only this merchant{merchant ? ` (${merchant})` : ''}</label>
        </div>
      )}
      <p className="watch-sentence" data-testid="watch-sentence" aria-live="polite">
        {watchSentence(fields, currency, shops)}
      </p>
      {fields.canPay ? <PaymentFields fields={fields} unit={unit} /> : <AssistedNote />}
    </>
  );
}

/** Where the engine cannot pay: say plainly how the purchase happens. */
function AssistedNote() {
  return (
    <p className="hint" data-testid="watch-assisted-note">
      This shop has no checkout the extension can use: when the price is right you get an alert, buy
      it on the shop's own page, then tell the extension.
    </p>
  );
}

/** Payment method and max total charge: only where the engine pays (an API merchant). */
function PaymentFields({ fields, unit }: { fields: WatchFieldsState; unit: string }) {
  const { values, set, errors } = fields;
  const payments = usePaymentStore();
  return (
    <>
      {payments.phase === 'ready' || payments.methods.length > 0 ? (
        <PaymentMethodSelect
          methods={payments.methods}
          value={values.paymentMethodId}
          onChange={set.paymentMethodId}
          testId="watch-payment-method"
        />
      ) : (
        <p className="hint">Loading payment methods…</p>
      )}
      <ErrorMessage message={payments.error ?? errors.paymentMethod} />
      <TextField
        label={`Max total charge${unit}`}
        value={values.maxCharge}
        onChange={set.maxCharge}
        inputMode="decimal"
        autoComplete="off"
        required
        error={errors.maxCharge}
        testId="watch-max-charge"
        hint={
          fields.chargeFollowsPrice ? (
            'Max price × quantity + 25 % to cover tax and shipping. Nothing above it is ever charged.'
          ) : (
            <>
              Nothing above it is ever charged.{' '}
              <button type="button" className="link" onClick={fields.resetCharge}>
                Use price × quantity + 25 %
              </button>
            </>
          )
        }
      />
    </>
  );
}
