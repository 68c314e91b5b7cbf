/**
 * Where the product itself sits on a page: its title heading and its order controls (add to
 * cart, buy now, or a "Sold out" button in their place). What stands nearest them is the
 * product's; sidebars, "specials" and "bought together" boxes stand farther off.
 */
import {
  attr,
  byTag,
  findElements,
  nameTokens,
  textOf,
  treeDistance,
  walkElements,
  type Document,
  type Element,
} from './dom';
import { isHidden, isUnder, quietRoots } from './noise';
import { decideStock, stockSignals } from './stock-phrases';

const CONTROL_TAGS = new Set(['button', 'input', 'a']);
const CONTROL_TOKEN = /^(add[-_]?to[-_]?(cart|bag|basket)|buy[-_]?now|product-form__submit)$/;

export const stockOf = (text: string) => decideStock(stockSignals(text));
export const controlLabel = (el: Element) =>
  el.name === 'input' ? (attr(el, 'value') ?? '') : textOf(el);

/** An order control: its label orders (or says sold out), or its name says add-to-cart. */
function isControl(el: Element): boolean {
  if (!CONTROL_TAGS.has(el.name) && attr(el, 'role') !== 'button') return false;
  if (el.name === 'input' && !/^(submit|button)$/i.test(attr(el, 'type') ?? '')) return false;
  if (stockOf(controlLabel(el)) !== 'unknown') return true;
  return attr(el, 'name') === 'add' || nameTokens(el).some((t) => CONTROL_TOKEN.test(t));
}

/** The order controls a shopper sees (quiet and hidden parts are not searched). */
export function orderControls(doc: Document, quiet = quietRoots(doc)): Element[] {
  const controls: Element[] = [];
  walkElements(doc, true, (el) => {
    if (quiet.has(el) || isHidden(el)) return null;
    if (isControl(el)) controls.push(el);
    return true;
  });
  return controls;
}

/** `#productTitle`, else the first `<h1>` outside navigation and related blocks. */
export function titleElement(doc: Document, quiet = quietRoots(doc)): Element | null {
  const byId = findElements(doc, (el) => el.attribs.id === 'productTitle')[0];
  return byId ?? byTag(doc, 'h1').find((el) => !isUnder(el, quiet)) ?? null;
}

/** The title and the order controls: what a product's own price and stock line stand beside. */
export function productAnchors(doc: Document): Element[] {
  const quiet = quietRoots(doc);
  const title = titleElement(doc, quiet);
  return [...(title ? [title] : []), ...orderControls(doc, quiet)];
}

/** Of `items`, those nearest any anchor (fewest tree steps), in document order. */
export function nearestToAnchors<T>(
  items: T[],
  elementOf: (item: T) => Element,
  anchors: Element[],
): T[] {
  const distances = items.map((item) =>
    Math.min(...anchors.map((a) => treeDistance(elementOf(item), a))),
  );
  const nearest = Math.min(...distances);
  return items.filter((_, i) => distances[i] === nearest);
}
