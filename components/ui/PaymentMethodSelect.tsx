import { useId } from 'react';
import type { PaymentMethod } from '../stores/types';

const describe = (method: PaymentMethod) =>
  method.brand ? `${method.brand} •••• ${method.last4} (${method.id})` : method.id;

/** A labelled select of payment methods. */
export function PaymentMethodSelect({
  methods,
  value,
  onChange,
  label = 'Payment method',
  testId,
  disabled,
  emptyLabel,
}: {
  methods: readonly PaymentMethod[];
  value: string;
  onChange: (id: string) => void;
  label?: string;
  testId?: string;
  disabled?: boolean;
  /** When given, a first option with value "" and this text. */
  emptyLabel?: string;
}) {
  const id = useId();
  const selected = methods.find((method) => method.id === value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        aria-describedby={selected?.description ? `${id}-hint` : undefined}
        data-testid={testId}
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {methods.length === 0 && emptyLabel === undefined && (
          <option value="">No payment method available</option>
        )}
        {methods.map((method) => (
          <option key={method.id} value={method.id}>
            {describe(method)}
          </option>
        ))}
      </select>
      {selected?.description && (
        <small id={`${id}-hint`} className="hint">
          {selected.description}
        </small>
      )}
    </div>
  );
}
