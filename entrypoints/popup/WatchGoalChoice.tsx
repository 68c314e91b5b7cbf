import { useId } from 'react';
import { formatMoney } from '@/components/ui/money';
import type { WatchFieldsState, WatchGoal } from './use-watch-fields';

/**
 * Price drop (the default) or today's price: one deliberate change away, shown only when the page
 * gave a price to compare with.
 */
export function WatchGoalChoice({
  fields,
  currency,
}: {
  fields: WatchFieldsState;
  currency: string;
}) {
  const name = useId();
  if (fields.priceMinor === null || !currency) return null;
  const today = formatMoney(fields.priceMinor, currency);
  const option = (goal: WatchGoal, label: string) => (
    <label className="goal-option">
      <input
        type="radio"
        name={name}
        value={goal}
        checked={fields.goal === goal}
        onChange={() => fields.setGoal(goal)}
        data-testid={`watch-goal-${goal}`}
      />{' '}
      {label}
    </label>
  );
  return (
    <fieldset className="goal" data-testid="watch-goal">
      <legend>{fields.canPay ? 'Buy it' : 'Tell me'}</legend>
      {option('drop', 'When the price drops')}
      {option('now', `At today's price, ${today}`)}
    </fieldset>
  );
}
