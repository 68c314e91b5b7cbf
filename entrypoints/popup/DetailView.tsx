import { useState } from 'react';
import type { Intent } from '@/components/stores/types';
import { isTerminal } from '@/components/stores/types';
import { useViewStore } from '@/components/stores/view-store';
import { eventWords } from '@/components/ui/event-words';
import { formatDateTime, hostOf } from '@/components/ui/labels';
import { formatMoney } from '@/components/ui/money';
import { isCatalogWatch, offersSeen } from '@/components/ui/offers';
import { PriceChart } from '@/components/ui/PriceChart';
import { Skeleton } from '@/components/ui/Skeleton';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { EditWatch } from './EditWatch';
import { OfferList } from './OfferList';
import { LoadError, SubViewTop } from './SubViewTop';
import { useIntentDetail } from './use-intent-detail';

/** The conditions in words; any intent type (unknown fields are simply not shown). */
function Conditions({ intent }: { intent: Intent }) {
  const { conditions, guardrails, objective } = intent;
  const rows: [string, string][] = [];
  if (conditions?.max_price_cents !== undefined)
    rows.push(['Max price', formatMoney(conditions.max_price_cents, conditions.currency)]);
  if (conditions?.availability) rows.push(['Stock', 'In stock']);
  if (objective?.quantity) rows.push(['Quantity', String(objective.quantity)]);
  if (guardrails?.allowed_merchants?.length)
    rows.push([
      isCatalogWatch(intent) ? 'At any of' : 'Only from',
      guardrails.allowed_merchants.join(', '),
    ]);
  if (guardrails?.expires_at) rows.push(['Until', formatDateTime(guardrails.expires_at)]);
  rows.push([
    'How',
    intent.payment ? 'Bought for you (API checkout)' : 'Alert, then you buy at the shop',
  ]);
  return (
    <dl className="conditions" data-testid="detail-conditions">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A watch at several shops: each shop's offer as last read, the cheapest (or the bought) marked. */
function OffersNow({ intent }: { intent: Intent }) {
  const offers = offersSeen(intent);
  if (offers.length === 0) return null;
  const bought = intent.status === 'succeeded' ? intent.latest_execution?.merchant : null;
  return (
    <>
      <h3>{bought ? 'Offers when bought' : 'Offers now'}</h3>
      <OfferList
        offers={offers}
        testId="detail-offers"
        mark={(offer, index) =>
          bought
            ? offer.merchant === bought
              ? 'bought here'
              : null
            : index === 0
              ? 'cheapest'
              : null
        }
      />
    </>
  );
}

/** One watched product in full: chart, conditions, events in words, and edit. */
export function DetailView({ intentId }: { intentId: string }) {
  const close = useViewStore((state) => state.closeDetail);
  const openDetail = useViewStore((state) => state.openDetail);
  const [attempt, setAttempt] = useState(0);
  const state = useIntentDetail(intentId, attempt);
  const intent = state && 'detail' in state ? state.detail.intent : null;
  const product = intent?.objective?.product;
  const title =
    product?.product_title ?? (product?.product_url ? hostOf(product.product_url) : 'Product');

  return (
    <section className="detail-view" aria-labelledby="detail-heading" data-testid="detail-view">
      <SubViewTop id="detail-heading" onBack={close} backTestId="detail-back">
        {intent ? title : 'Details'}
      </SubViewTop>
      {state === null && <Skeleton lines={6} label="Loading the history…" />}
      {state && 'error' in state && (
        <LoadError
          message={`Could not load the details: ${state.error}`}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      )}
      {state && 'detail' in state && (
        <>
          <StatusBadge status={state.detail.intent.status} />
          {isCatalogWatch(state.detail.intent) ? (
            <OffersNow intent={state.detail.intent} />
          ) : (
            <PriceChart points={state.detail.points} />
          )}
          <Conditions intent={state.detail.intent} />
          {!isTerminal(state.detail.intent.status) &&
            state.detail.intent.conditions?.max_price_cents !== undefined && (
              <EditWatch
                intent={state.detail.intent}
                onReplaced={(next) => openDetail(next.intent_id)}
              />
            )}
          <h3>What happened</h3>
          <ol className="event-list" data-testid="detail-events">
            {[...state.detail.events]
              .reverse()
              .map((event) => ({ id: event.event_id, words: eventWords(event) }))
              .filter((event) => event.words)
              .map((event) => (
                <li key={event.id}>{event.words}</li>
              ))}
          </ol>
        </>
      )}
    </section>
  );
}
