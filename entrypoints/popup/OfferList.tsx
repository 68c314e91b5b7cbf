import { agoWords, stockWords } from '@/components/ui/labels';
import { formatMoney } from '@/components/ui/money';
import type { SeenOffer } from '@/components/ui/offers';

/** A product_id watch's offers, one merchant a line: price, stock, how fresh, and a mark. */
export function OfferList({
  offers,
  mark,
  testId,
}: {
  offers: SeenOffer[];
  /** A word after a merchant's line, e.g. "cheapest" or "bought here". */
  mark?: (offer: SeenOffer, index: number) => string | null;
  testId: string;
}) {
  return (
    <ul className="offer-list" data-testid={testId}>
      {offers.map((offer, index) => {
        const word = mark?.(offer, index);
        return (
          <li key={offer.merchant ?? index} data-merchant={offer.merchant ?? ''}>
            <span className="offer-shop">{offer.merchant ?? 'A shop'}</span>{' '}
            <strong>{formatMoney(offer.price_cents, offer.currency)}</strong>{' '}
            <span className="muted">
              {stockWords(offer.availability)} · seen {agoWords(offer.observed_at)}
            </span>
            {word && <span className="offer-mark"> · {word}</span>}
          </li>
        );
      })}
    </ul>
  );
}
