/**
 * Structured data against the page's own stock line. Structured data is often cached or
 * describes the default variant; the line in the buy box is what the shopper sees beside the
 * button. So, for a page of one offer whose structured data says in stock:
 * - a stock line in the buy box that says out of stock (or discontinued) wins;
 * - with the order control disabled or missing, a visible out-of-stock line anywhere on the
 *   product's part of the page wins.
 * The reverse (a page line saying in stock over structured out of stock) is never taken: a
 * false `in_stock` is the worst error the reader can make.
 */
import type { Availability } from '../vocabulary';
import { readBuyBox } from './buy-box';
import type { Document } from './dom';
import { findTextStock } from './text-stock';
import type { OfferData } from './types';

const POSITIVE = new Set<Availability>(['in_stock', 'limited']);
const NEGATIVE = new Set<Availability>(['out_of_stock', 'discontinued']);

export function reconcileStock(offers: OfferData[], doc: Document): OfferData[] {
  const [only] = offers;
  if (offers.length !== 1 || !only || only.source === 'text') return offers;
  if (!POSITIVE.has(only.availability)) return offers;
  const box = readBuyBox(doc);
  if (NEGATIVE.has(box.nearLine)) return [{ ...only, availability: box.nearLine }];
  if (box.control === 'enabled') return offers;
  const text = findTextStock(doc);
  const visible = text.widget !== 'unknown' ? text.widget : text.page;
  return NEGATIVE.has(visible) ? [{ ...only, availability: visible }] : offers;
}
