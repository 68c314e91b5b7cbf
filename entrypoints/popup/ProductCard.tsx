import type { Extraction } from '@/components/stores/types';
import { hostOf, safeHttpUrl, stockWords } from '@/components/ui/labels';
import { formatMoney } from '@/components/ui/money';

/** What the page sells: image, title, price, stock and merchant. */
export function ProductCard({ url, extraction }: { url: string; extraction: Extraction }) {
  const offer = extraction.offer ?? extraction.offers[0] ?? null;
  const image = safeHttpUrl(extraction.image);
  const title = extraction.title ?? offer?.name ?? hostOf(url);
  return (
    <article className="product" aria-labelledby="product-title">
      {image && (
        <img
          className="product-image"
          src={image}
          alt=""
          width={72}
          height={72}
          onError={(event) => (event.currentTarget.hidden = true)}
        />
      )}
      <div className="product-facts">
        <h2 id="product-title" data-testid="product-title">
          {title}
        </h2>
        <p className="price" data-testid="product-price">
          {formatMoney(offer?.price_cents, offer?.currency)}
        </p>
        <p data-testid="product-stock">{stockWords(offer?.availability)}</p>
        <p className="muted">
          Sold by <span data-testid="product-merchant">{extraction.merchant ?? hostOf(url)}</span>
        </p>
        {extraction.ambiguous && (
          <p className="hint">
            This page offers several variants with different prices or stock. Pick one on the page
            and reopen the popup to watch that one.
          </p>
        )}
      </div>
    </article>
  );
}
