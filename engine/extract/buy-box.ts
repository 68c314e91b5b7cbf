/**
 * The buy box: the page's order controls (add to cart, buy now, pre-order, or a "Sold out"
 * button in their place), whether one of them can be pressed, and what the stock line nearest
 * them says.
 */
import { isText } from 'domhandler';
import type { Availability } from '../vocabulary';
import {
  attr,
  findElements,
  isWithin,
  nameTokens,
  nameWords,
  textOf,
  treeDistance,
  type Document,
  type Element,
} from './dom';
import { FORM_FIELDS, isDisabled, isHidden, quietRoots } from './noise';
import { decideStock, stockSignals } from './stock-phrases';

const CONTROL_TAGS = new Set(['button', 'input', 'a']);
const CONTROL_TOKEN = /^(add[-_]?to[-_]?(cart|bag|basket)|buy[-_]?now|product-form__submit)$/;
// prettier-ignore
const LINE_TAGS = new Set(['p', 'span', 'div', 'li', 'strong', 'b', 'em', 'small', 'dd', 'td']);
/** Variant pickers: "XL – sold out" there speaks of one size, not of the product on display. */
const PICKER_TAGS = new Set(['label', 'fieldset', 'select', 'option']);
// prettier-ignore
const PICKER_WORDS = new Set(['swatch', 'swatches', 'variant', 'variants', 'option', 'options', 'size',
  'sizes', 'picker', 'selector']);
/** A stock line longer than this is a paragraph, not a label. */
const MAX_LINE = 160;
/** Steps up and down the tree between a stock line and a control for both to be one buy box. */
const NEAR = 6;

export interface BuyBox {
  /** `missing` when the page has no order control at all. */
  control: 'enabled' | 'disabled' | 'missing';
  /** What the stock line nearest an order control says; `unknown` when none is near. */
  nearLine: Availability;
}

const stockOf = (text: string) => decideStock(stockSignals(text));
const labelOf = (el: Element) => (el.name === 'input' ? (attr(el, 'value') ?? '') : textOf(el));

/** An order control: its label orders (or says sold out), or its name says add-to-cart. */
function isControl(el: Element): boolean {
  if (!CONTROL_TAGS.has(el.name) && attr(el, 'role') !== 'button') return false;
  if (el.name === 'input' && !/^(submit|button)$/i.test(attr(el, 'type') ?? '')) return false;
  if (stockOf(labelOf(el)) !== 'unknown') return true;
  return attr(el, 'name') === 'add' || nameTokens(el).some((t) => CONTROL_TOKEN.test(t));
}

const isPicker = (el: Element) =>
  PICKER_TAGS.has(el.name) || nameWords(el).some((w) => PICKER_WORDS.has(w));

/** Visible and not noise; for a stock line, also outside variant pickers. */
function audibleIn(quiet: Set<Element>, line = false) {
  return (el: Element) => {
    for (let p: Element | null = el; p && p.type === 'tag'; p = p.parent as Element | null) {
      if (quiet.has(p) || isHidden(p) || (line && isPicker(p))) return false;
    }
    return true;
  };
}

export function readBuyBox(doc: Document): BuyBox {
  const quiet = quietRoots(doc);
  const controls = findElements(doc, isControl).filter(audibleIn(quiet));
  const canOrder = (el: Element) => !isDisabled(el) && stockOf(labelOf(el)) !== 'out_of_stock';
  const control = controls.some(canOrder) ? 'enabled' : controls.length ? 'disabled' : 'missing';
  const lines = { audible: audibleIn(quiet, true), canOrder: control === 'enabled' };
  return { control, nearLine: nearestLine(doc, controls, lines) };
}

/** Text of its own, not only its children's: the line itself, not a wrapper around it. */
const hasOwnText = (el: Element) => el.children.some((n) => isText(n) && n.data.trim() !== '');

/** The stock line nearest a control: a short element beside it, neither inside nor around one. */
function nearestLine(
  doc: Document,
  controls: Element[],
  { audible, canOrder }: { audible: (el: Element) => boolean; canOrder: boolean },
): Availability {
  if (controls.length === 0) return 'unknown';
  let best = { distance: NEAR + 1, stock: 'unknown' as Availability };
  for (const el of findElements(doc, (e) => LINE_TAGS.has(e.name))) {
    if (!hasOwnText(el) || controls.some((c) => isWithin(el, c) || isWithin(c, el))) continue;
    if (!audible(el)) continue;
    const text = textOf(el, (e) => FORM_FIELDS.has(e.name) || isHidden(e), MAX_LINE);
    if (!text || text.length >= MAX_LINE) continue;
    const distance = Math.min(...controls.map((c) => treeDistance(el, c)));
    if (distance >= best.distance) continue;
    // "More arriving soon" beside a button that orders now is a pre-order, not out of stock.
    const signals = stockSignals(text);
    const ordersNow = canOrder && signals.includes('arriving');
    const stock = decideStock(ordersNow ? [...signals, 'in_stock'] : signals);
    if (stock !== 'unknown') best = { distance, stock };
  }
  return best.stock;
}
