import { useIntentsStore } from '@/components/stores/intents-store';
import { isTerminal, type Intent } from '@/components/stores/types';
import { useViewStore } from '@/components/stores/view-store';
import { hostOf } from '@/components/ui/labels';
import { formatMoney } from '@/components/ui/money';
import { isCatalogWatch, offersLine } from '@/components/ui/offers';
import { Sparkline } from '@/components/ui/Sparkline';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { checkedWords, waitingWords } from '@/components/ui/waiting';
import { CancelButton } from './CancelButton';

const intentTitle = (intent: Intent) =>
  intent.objective?.product?.product_title ??
  (intent.objective?.product?.product_url
    ? hostOf(intent.objective.product.product_url)
    : (intent.objective?.procurement?.item.name ?? 'Product'));

/** A procurement's trigger and the stock last reported, instead of a price it has not seen. */
function reorderLine(intent: Intent): string | null {
  const trigger = intent.conditions?.trigger;
  const procurement = intent.objective?.procurement;
  if (!trigger || !procurement) return null;
  const stock = intent.last_observation?.inventory;
  const reported = stock ? `stock ${stock.quantity}` : 'no stock reported yet';
  return `Reorder ${procurement.quantity} when stock ≤ ${trigger.threshold} · ${reported}`;
}

/** Why it waits and when it was last checked: "Out of stock · Checked 12:05". */
function WaitingLine({ intent }: { intent: Intent }) {
  const why = waitingWords(intent);
  if (isTerminal(intent.status)) return null;
  const observedAt = intent.last_observation?.observed_at;
  // Without any check, the reason (page unreadable, not checked yet) says it all.
  const line = observedAt ? [why, checkedWords(observedAt)].filter(Boolean).join(' · ') : why;
  if (!line) return null;
  return (
    <p className="muted intent-why" data-testid="intent-why">
      {line}
    </p>
  );
}

function OffersLine({ intent }: { intent: Intent }) {
  const line = offersLine(intent);
  return line ? (
    <p className="muted intent-offers" data-testid="intent-offers">
      {line}
    </p>
  ) : null;
}

/** One watched product: title, status, last price with its history, and what can be done. */
export function IntentRow({ intent }: { intent: Intent }) {
  const history = useIntentsStore((state) => state.histories[intent.intent_id]);
  const openReceipt = useViewStore((state) => state.openReceipt);
  const openDetail = useViewStore((state) => state.openDetail);
  const title = intentTitle(intent);
  const observation = intent.last_observation;
  const failure = intent.status === 'failed' ? intent.latest_execution?.last_error : null;
  return (
    <li
      className="intent-row"
      data-testid="intent-row"
      data-intent-id={intent.intent_id}
      data-status={intent.status}
    >
      <div className="intent-head">
        <h3 className="intent-title" title={title}>
          {title}
        </h3>
        <StatusBadge status={intent.status} />
      </div>
      <div className="intent-body">
        <p className="intent-price">
          {reorderLine(intent) ??
            (observation ? formatMoney(observation.price_cents, observation.currency) : '—')}
          {observation?.merchant && isCatalogWatch(intent) && ` at ${observation.merchant}`}
          {intent.conditions?.max_price_cents !== undefined && (
            <span className="muted">
              {' '}
              · max {formatMoney(intent.conditions.max_price_cents, intent.conditions.currency)}
            </span>
          )}
        </p>
        {!isCatalogWatch(intent) && <Sparkline points={history?.points} />}
      </div>
      <OffersLine intent={intent} />
      <WaitingLine intent={intent} />
      {failure && <p className="field-error">{failure.message}</p>}
      <div className="actions">
        <button
          type="button"
          onClick={() => openDetail(intent.intent_id)}
          data-testid="view-details"
        >
          Details
        </button>
        {intent.status === 'succeeded' && (
          <button
            type="button"
            onClick={() => openReceipt(intent.intent_id)}
            data-testid="view-receipt"
          >
            View receipt
          </button>
        )}
        {!isTerminal(intent.status) && <CancelButton intentId={intent.intent_id} title={title} />}
      </div>
    </li>
  );
}
