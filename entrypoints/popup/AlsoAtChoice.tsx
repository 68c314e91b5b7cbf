import { useId } from 'react';
import { agoWords, stockWords } from '@/components/ui/labels';
import { formatMoney } from '@/components/ui/money';
import type { WhereToBuy } from './use-where-to-buy';

/**
 * "Also at": the other merchants the catalog knows for this product, each with its latest price,
 * stock and how fresh that is. Ticking one watches the product there too (and here, unless
 * unticked): the cheapest offer that meets the terms is bought.
 */
export function AlsoAtChoice({ where, currency }: { where: WhereToBuy; currency: string }) {
  const id = useId();
  if (where.offers.length === 0) return null;
  return (
    <fieldset className="also-at" data-testid="also-at">
      <legend>Also at</legend>
      <ul>
        {where.offers.map((offer, index) => (
          <li key={offer.merchant} data-testid="also-at-offer" data-merchant={offer.merchant}>
            <input
              id={`${id}-${index}`}
              type="checkbox"
              checked={where.isTicked(offer.merchant)}
              onChange={(event) => where.tick(offer.merchant, event.target.checked)}
              data-testid="also-at-choose"
            />
            <label htmlFor={`${id}-${index}`}>
              <span className="also-at-shop">{offer.merchant}</span>{' '}
              <span className="also-at-price" data-testid="also-at-price">
                {formatMoney(offer.price_cents, offer.currency ?? currency)}
              </span>
            </label>
            <span className="muted also-at-facts" data-testid="also-at-facts">
              {stockWords(offer.availability)} · seen {agoWords(offer.observed_at)}
            </span>
          </li>
        ))}
      </ul>
      {where.several ? (
        <>
          <div className="check">
            <input
              id={`${id}-here`}
              type="checkbox"
              checked={where.includeHere}
              onChange={(event) => where.setIncludeHere(event.target.checked)}
              data-testid="also-at-here"
            />
            <label htmlFor={`${id}-here`}>
              And here ({where.here.merchant}
              {where.here.price_cents !== null &&
                `, ${formatMoney(where.here.price_cents, currency)}`}
              )
            </label>
          </div>
          {where.includeHere && !where.hereListed && (
            <p className="hint" data-testid="also-at-here-unlisted">
              This page is not in the catalog yet: it is watched too once it is.
            </p>
          )}
        </>
      ) : (
        <p className="hint">
          Tick a shop to watch it there too: the cheapest that meets your terms is bought.
        </p>
      )}
    </fieldset>
  );
}
