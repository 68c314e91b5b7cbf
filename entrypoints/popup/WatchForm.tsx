import { useEffect, useState } from 'react';
import type { Extraction } from '@/components/stores/types';
import { pageProductOf } from '@/components/stores/also-at';
import { useAlsoAt, useAlsoAtStore } from '@/components/stores/also-at-store';
import { lowestSeenFor, useIntentsStore } from '@/components/stores/intents-store';
import { canPayAt, usePaymentStore } from '@/components/stores/payment-store';
import { merchantOf } from '@/components/stores/watch';
import { TextField } from '@/components/ui/TextField';
import { AlsoAtChoice } from './AlsoAtChoice';
import { useWatchFields } from './use-watch-fields';
import { useWatchSubmit } from './use-watch-submit';
import { useWhereToBuy } from './use-where-to-buy';
import { WatchFields } from './WatchFields';
import { WatchSubmit } from './WatchSubmit';

/** The canonical URL when it stays on the page's host, else the page's own URL. */
function productUrlOf(url: string, extraction: Extraction): string {
  const canonical = extraction.canonical_url;
  try {
    if (canonical && new URL(canonical).host === new URL(url).host) return canonical;
  } catch {
    // An unreadable canonical URL: keep the page URL.
  }
  return url;
}

/**
 * The offer shown among several, as the variant to watch: the canonical URL usually drops the
 * page's `?variant=`, and without it every check would find the page ambiguous.
 */
const variantOf = (extraction: Extraction) =>
  extraction.offers.length > 1 ? (extraction.offer?.sku ?? null) : null;

/** Watch the captured product: by default, hear (or buy) when its price drops. */
export function WatchForm({ url, extraction }: { url: string; extraction: Extraction }) {
  const offer = extraction.offer ?? extraction.offers[0] ?? null;
  const [currency, setCurrency] = useState(offer?.currency ?? '');
  const productUrl = productUrlOf(url, extraction);
  const merchant = extraction.merchant ?? merchantOf(productUrl);
  const alsoAt = useAlsoAt(url);
  const where = useWhereToBuy(alsoAt ?? null, {
    merchant,
    url: productUrl,
    price_cents: offer?.price_cents ?? null,
    availability: offer?.availability ?? 'unknown',
  });
  const canPay = usePaymentStore((state) =>
    where.pages.some((page) => canPayAt(state.paysAt, page.url)),
  );
  const lowestSeen = useIntentsStore((state) => lowestSeenFor(state, productUrl, currency));
  const fields = useWatchFields(currency, where.priceMinor, canPay, lowestSeen);
  const { submitting, error, submit } = useWatchSubmit();
  const currencyError = /^[A-Z]{3}$/.test(currency) ? null : 'Enter a currency code such as USD.';

  // After the product is on screen: does the catalog know other merchants for it?
  useEffect(() => {
    void useAlsoAtStore.getState().load(pageProductOf([url, productUrl], merchant, extraction));
  }, [url, productUrl, merchant, extraction]);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const terms = fields.terms();
    if (!terms || currencyError || submitting) return;
    void submit({
      ...terms,
      productUrl,
      variant: variantOf(extraction),
      title: extraction.title ?? offer?.name ?? null,
      imageUrl: extraction.image,
      merchant,
      currency,
      ...(where.catalog ? { catalog: where.catalog } : {}),
    });
  };

  return (
    <form
      className="card"
      onSubmit={onSubmit}
      noValidate
      data-testid="watch-form"
      data-also-at={alsoAt === undefined ? 'asking' : alsoAt ? 'found' : 'none'}
      aria-busy={submitting}
    >
      <h2>Watch this product</h2>
      {!offer?.currency && (
        <TextField
          label="Currency"
          value={currency}
          onChange={(value) => setCurrency(value.trim().toUpperCase())}
          maxLength={3}
          autoComplete="off"
          error={currencyError}
        />
      )}
      <AlsoAtChoice where={where} currency={currency} />
      <WatchFields
        fields={fields}
        currency={currency}
        merchant={merchant}
        shops={where.several ? where.shops : null}
      />
      <WatchSubmit
        error={error}
        submitting={submitting}
        testId="watch-submit"
        label={where.several ? `Watch at ${where.shops.length} shops` : undefined}
      />
    </form>
  );
}
