/**
 * The buy box: the page's order controls (add to cart, buy now, pre-order, or a "Sold out"
 * button in their place), whether one of them can be pressed, and what the stock line nearest
 * them says.
 */
import { isText } from 'domhandler';
import type { Availability } from '../vocabulary';
import {
  findElements,
  isWithin,
  nameWords,
  textOf,
  treeDistance,
  type Document,
  type Element,
} from './dom';
import { FORM_FIELDS, isDisabled, isHidden, quietRoots } from './noise';
import { controlLabel, orderControls, stockOf } from './product-anchors';
import { decideStock, stockSignals } from './stock-phrases';

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

const isPicker = (el: Element) =>
  PICKER_TAGS.has(el.name) || nameWords(el).some((w) => PICKER_WORDS.has(w));

/** Visible, not noise, and outside variant pickers. */
function lineAudibleIn(quiet: Set<Element>) {
  return (el: Element) => {
    for (let p: Element | null = el; p && p.type === 'tag'; p = p.parent as Element | null) {
      if (quiet.has(p) || isHidden(p) || isPicker(p)) return false;
    }
    return true;
  };
}

export function readBuyBox(doc: Document): BuyBox {
  const quiet = quietRoots(doc);
  const controls = orderControls(doc, quiet);
  const canOrder = (el: Element) => !isDisabled(el) && stockOf(controlLabel(el)) !== 'out_of_stock';
  const control = controls.some(canOrder) ? 'enabled' : controls.length ? 'disabled' : 'missing';
  const lines = { audible: lineAudibleIn(quiet), canOrder: control === 'enabled' };
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
