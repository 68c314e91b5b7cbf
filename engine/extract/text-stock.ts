/**
 * Stock as the visible text states it. Availability widgets (`#availability`, `.stock`,
 * `.product__inventory`) are read first; otherwise the page's main text, without navigation,
 * related products, variant `<option>`s and hidden templates. A disabled "Add to cart" button
 * is not an in-stock signal, while a disabled "Sold out" button is an out-of-stock one.
 */
import type { Availability } from '../vocabulary';
import { findElements, nameWords, textOf, type Document, type Element } from './dom';
import { FORM_FIELDS, isDisabled, isHidden, quietRoots } from './noise';
import { decideStock, stockSignals, type StockSignal } from './stock-phrases';

// prettier-ignore
const CONTAINER_WORDS = new Set([
  'availability', 'stock', 'inventory', 'instock', 'outofstock', 'stockstatus', 'disponibilidad',
  'disponibilita', 'verfuegbarkeit', 'lieferstatus', 'lagerstatus', 'voorraad', 'estoque', 'zaiko',
]);

/** Widgets beyond this many are template repeats, not more information. */
const MAX_WIDGETS = 50;

/** Text with block boundaries kept as clause marks: a label in one block, `No` in the next. */
const clausesOf = (root: Document | Element, skip: (el: Element) => boolean) =>
  textOf(root, skip, Infinity, ' | ');

const skipping = (quiet: Set<Element>) => (el: Element) =>
  quiet.has(el) || isHidden(el) || FORM_FIELDS.has(el.name);

const NEGATIVE = new Set<StockSignal>(['out_of_stock', 'discontinued', 'arriving']);

/** Negative phrases count anywhere; positive ones only outside disabled controls. */
function signalsOf(root: Document | Element, quiet: Set<Element>): StockSignal[] {
  const skip = skipping(quiet);
  const all = stockSignals(clausesOf(root, skip)).filter((s) => NEGATIVE.has(s));
  const enabled = stockSignals(clausesOf(root, (el) => skip(el) || isDisabled(el)));
  return [...all, ...enabled.filter((s) => !NEGATIVE.has(s))];
}

function isAudible(el: Element, quiet: Set<Element>): boolean {
  const skip = skipping(quiet);
  for (let p: Element | null = el; p && p.type === 'tag'; p = p.parent as Element | null) {
    if (skip(p)) return false;
  }
  return true;
}

export interface TextStock {
  /** What an availability widget says; `unknown` when there is none or it is silent. */
  widget: Availability;
  /** What the main text says. */
  page: Availability;
}

export function findTextStock(doc: Document): TextStock {
  const quiet = quietRoots(doc);
  const widgets = findElements(doc, (el) => nameWords(el).some((w) => CONTAINER_WORDS.has(w)))
    .filter((el) => isAudible(el, quiet))
    .slice(0, MAX_WIDGETS);
  const widget = decideStock(widgets.flatMap((w) => signalsOf(w, quiet)));
  return { widget, page: decideStock(signalsOf(doc, quiet)) };
}
