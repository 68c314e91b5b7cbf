/**
 * Structured data against the page's own stock line. Structured data is often cached or
 * describes the default variant; the line in the buy box is what the shopper sees beside the
 * button. So, for a page of one offer whose structured data says in stock:
 * - a stock line in the buy box that says out of stock (or discontinued) wins;
 * - with the order control disabled, an availability widget (`.stock`, `#availability`) saying
 *   out of stock wins; with no control at all, so does any visible out-of-stock line on the
 *   product's part of the page.
 * Stock lines inside variant pickers ("XL – sold out") speak of one size and are not read.
 * The reverse (a page line saying in stock over structured out of stock) is never taken: a
 * false `in_stock` is the worst error the reader can make.
 */
import type { Availability } from '../vocabulary';
import { readBuyBox } from './buy-box';
import { textOf, type Document } from './dom';
import { stockSignals } from './stock-phrases';
import { findTextStock } from './text-stock';
import type { OfferData } from './types';

const POSITIVE = new Set<Availability>(['in_stock', 'limited']);
const NEGATIVE = new Set<Availability>(['out_of_stock', 'discontinued']);

/** Any out-of-stock wording anywhere: without it nothing below can apply (the common case). */
const saysOutOfStock = (doc: Document) =>
  stockSignals(textOf(doc)).some((s) => NEGATIVE.has(s as Availability) || s === 'arriving');

/**
 * What the page itself says about stock, for an offer whose source says nothing: an availability
 * widget, else the page's main text; where that is silent or contradicts itself, the line beside
 * an order control (a marketplace's buy box: `In stock` there, while other sellers below are out
 * of stock; a positive line only beside a control that can be pressed).
 */
export function visibleStock(doc: Document): Availability {
  const text = findTextStock(doc);
  if (text.widget !== 'unknown') return text.widget;
  if (text.page !== 'unknown') return text.page;
  const box = readBuyBox(doc);
  const usable = box.control === 'enabled' || NEGATIVE.has(box.nearLine);
  return usable ? box.nearLine : 'unknown';
}

export function reconcileStock(offers: OfferData[], doc: Document): OfferData[] {
  const [only] = offers;
  if (offers.length !== 1 || !only || only.source === 'text') return offers;
  if (!POSITIVE.has(only.availability) || !saysOutOfStock(doc)) return offers;
  const box = readBuyBox(doc);
  if (NEGATIVE.has(box.nearLine)) return [{ ...only, availability: box.nearLine }];
  if (box.control === 'enabled') return offers;
  const text = findTextStock(doc);
  // A disabled control may wait for a size to be chosen: only an availability widget speaks
  // for the product then. With no control at all, so does the product's visible text.
  const visible = text.widget !== 'unknown' || box.control === 'disabled' ? text.widget : text.page;
  return NEGATIVE.has(visible) ? [{ ...only, availability: visible }] : offers;
}
