/**
 * One language's stock wording as data. Phrases are written as a shopper reads them; the matcher
 * (stock-matcher.ts) folds case, hyphens, apostrophes, Latin and Greek accents and punctuation,
 * so `Sold-out`, `SOLD OUT` and `soldout` are one phrase. `#` stands for a number (`only # left`);
 * a leading `^` makes a phrase count only as a whole label (`^available` matches "Available!",
 * not "Available in 3 colours").
 */
export interface StockLexicon {
  /** The shopper's word for stock and buy buttons: `in stock`, `add to cart`, `skladem`. */
  in_stock: readonly string[];
  /** Few left: `only # left`. */
  limited?: readonly string[];
  /** Out of stock now, temporarily unavailable included. */
  out_of_stock: readonly string[];
  /** Notify-me and waitlist offers: a shop offers them only for what it cannot sell now. */
  notify?: readonly string[];
  /** Arriving soon, expected back: `out_of_stock`, or `preorder` when the page lets you order now. */
  arriving?: readonly string[];
  preorder: readonly string[];
  backorder: readonly string[];
  /** No longer sold. */
  discontinued: readonly string[];
  in_store_only?: readonly string[];
  /** Said of items both in and out of stock ("back in stock"), and sales counters ("# sold"). */
  neutral?: readonly string[];
  /** Count labels (`stock`, `Lagerbestand`): followed by a zero they mean out of stock. */
  count?: readonly string[];
  /** Words that, before an in-stock phrase or as the whole answer after it, negate it. */
  negations: readonly string[];
  /** Negations written after the phrase (`在庫あり` + `ません`, `stokta` + `değil`). */
  postNegations?: readonly string[];
  /** Words that may stand between a negation and the phrase (`not currently in stock`). */
  fillers?: readonly string[];
}

/** The families a phrase can belong to; `arriving` and `count` are resolved by the matcher. */
export type StockFamily = Exclude<keyof StockLexicon, 'negations' | 'postNegations' | 'fillers'>;
