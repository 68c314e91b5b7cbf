/**
 * Filling gaps of the single offer of the most trusted source from the others: stock from a
 * less trusted structured source or the page's visible stock text, the struck-through price
 * from the page when the page shows the same current price. Several offers are left alone —
 * the page's widgets describe only the variant on display.
 */
import type { Document } from './dom';
import { findTextPrices } from './text-price';
import { visibleStock } from './page-stock';
import type { OfferData, PageContext, ProductData } from './types';

export function enrichOffers(
  primary: ProductData,
  others: ProductData[],
  doc: Document,
  page: PageContext,
): OfferData[] {
  const [only] = primary.offers;
  if (primary.offers.length !== 1 || !only) return primary.offers;
  const offer = { ...only };
  const singles = others
    .filter((p) => p !== primary && p.offers.length === 1)
    .map((p) => p.offers[0])
    .filter((o): o is OfferData => !!o);
  const sameCurrency = (o: OfferData) =>
    !offer.currency || !o.currency || o.currency === offer.currency;
  if (offer.price_cents === null) {
    const priced = singles.find((o) => o.price_cents !== null && sameCurrency(o));
    if (priced)
      Object.assign(offer, { price_cents: priced.price_cents, currency: priced.currency });
  }
  if (offer.availability === 'unknown') {
    offer.availability =
      singles.find((o) => o.availability !== 'unknown')?.availability ?? visibleStock(doc);
  }
  if (offer.list_price_cents === null && offer.price_cents !== null) {
    const listed = singles.find(
      (o) => o.list_price_cents !== null && o.price_cents === offer.price_cents && sameCurrency(o),
    );
    const shown = listed
      ? null
      : findTextPrices(doc, { locale: page.locale, currency: offer.currency ?? undefined });
    const agrees =
      shown?.current?.amount_minor === offer.price_cents &&
      shown.current.currency === offer.currency;
    offer.list_price_cents =
      listed?.list_price_cents ?? (agrees ? (shown?.list?.amount_minor ?? null) : null);
  }
  return [offer];
}
