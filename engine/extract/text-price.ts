/**
 * The current and struck-through price as shown on a page without usable markup: elements whose
 * class or id names a price (`#priceblock_ourprice`, `.a-price .a-offscreen`, `.product-price`,
 * `data-price-amount`), outside navigation/related blocks, `<del>`/`<s>`/"was" prices kept apart.
 */
import type { CurrencyHint } from './currency';
import {
  attr,
  INVISIBLE,
  isWithin,
  nameTokens,
  nameWords,
  textOf,
  treeDistance,
  walkElements,
  type Document,
  type Element,
} from './dom';
import { isNoise, opensMain } from './noise';
import { structuredPrice, type ParsedPrice } from './price';
import { scanPrices } from './price-scan';

const PRICE_WORDS = /price|preis|prix|precio|preco|prezzo|prijs|^pris$|^cena$/;
// prettier-ignore
const LIST_WORDS = new Set([
  'old', 'was', 'list', 'compare', 'compareat', 'strike', 'strikethrough', 'striked', 'crossed',
  'original', 'rrp', 'msrp', 'mrp', 'uvp', 'before', 'basis', 'oldprice', 'wasprice', 'listprice',
  'instead', 'statt', 'previous', 'prior',
]);
// prettier-ignore
const NOT_ITEM_PRICE = new Set([
  'unit', 'per', 'save', 'saving', 'savings', 'discount', 'shipping', 'delivery', 'installment',
  'installments', 'monthly', 'klarna', 'afterpay', 'total', 'subtotal', 'tax', 'points', 'reward',
]);
const STRUCK = new Set(['del', 's', 'strike']);
const LIST_LABEL =
  /(?:^|[^\p{L}])(?:was|list(?:\s+price)?|regular(?:\s+price)?|reg\.|original(?:\s+price)?|rrp|msrp|mrp|uvp|statt|ord(?:inarie)?\.?\s*pris|vorher|avant|prix\s+(?:de\s+référence|barré|conseillé)|antes|(?<!partir\s)de|era|van|通常価格|参考価格|定価|原价)\s*[:.]?\s*$/iu;

/** `From $19`, `ab 19 €`, `or 4 payments of $25`: a bound or a part, not the price. */
const FROM_OR_INSTALMENT =
  /(?:^|[^\p{L}])(?:from|starting\s+at|ab|à\s+partir\s+de|a\s+partir\s+de|desde|vanaf|payments?\s+of|installments?\s+of|instalments?\s+of|\d+\s*x)\s*:?\s*$/iu;
const RANGE_GAP = /^\s*(?:-|–|—|to|bis|à|a)\s*$/i;

/** Real pages show a few dozen; more means a pathological page, not more information. */
const MAX_CANDIDATES = 300;

interface Candidate {
  el: Element;
  depth: number;
  tier: number;
  list: boolean;
  regular: boolean;
  price: ParsedPrice | null;
  labelledList: ParsedPrice | null;
  /** Shows a range (`$19.99 – $99.99`): neither it nor any element inside it is the price. */
  range?: boolean;
}

export interface TextPrices {
  current: ParsedPrice | null;
  list: ParsedPrice | null;
}

const isStrongList = (el: Element) =>
  STRUCK.has(el.name) ||
  el.attribs['data-a-strike'] === 'true' ||
  nameTokens(el).includes('a-text-price') ||
  nameWords(el).some((w) => LIST_WORDS.has(w)) ||
  /non-?sale/i.test(el.attribs.class ?? '') ||
  /old|list|regular/i.test(el.attribs['data-price-type'] ?? '');

function tierOf(el: Element): number {
  const parent = el.parent as Element | null;
  if (
    nameTokens(el).includes('a-offscreen') &&
    parent?.attribs &&
    /\ba-price\b/.test(parent.attribs.class ?? '')
  )
    return 0;
  if (nameWords(el).some((w) => w === 'priceblock' || w === 'buybox' || w === 'pricetopay'))
    return 0;
  if (attr(el, 'data-price-amount') !== null) return 1;
  return 2;
}

function isCandidate(el: Element): boolean {
  if (attr(el, 'data-price-amount') !== null) return true;
  const words = nameWords(el);
  if (words.some((w) => NOT_ITEM_PRICE.has(w))) return false;
  if (words.some((w) => PRICE_WORDS.test(w)) || nameTokens(el).includes('a-offscreen')) return true;
  // `<s>$79</s>`, `<span class="compare-at">$239.99</span>`: a struck price, if short enough to be one.
  return isStrongList(el) && textOf(el, undefined, 40).length <= 40;
}

function readCandidate(
  el: Element,
  list: boolean,
  hint: CurrencyHint,
): Pick<Candidate, 'price' | 'labelledList' | 'range'> {
  const text = textOf(el, (child) => !list && isStrongList(child));
  const amount = attr(el, 'data-price-amount');
  if (amount !== null) {
    const currency = scanPrices(text, hint).find((t) => t.marked)?.currency ?? null;
    return { price: currency ? structuredPrice(amount, currency) : null, labelledList: null };
  }
  let price: ParsedPrice | null = null;
  let labelledList: ParsedPrice | null = null;
  let unmarked: ParsedPrice | null = null;
  let prevEnd = 0;
  for (const token of scanPrices(text, hint)) {
    const gap = text.slice(prevEnd, token.start);
    prevEnd = token.end;
    if (token.perUnit || FROM_OR_INSTALMENT.test(gap)) continue;
    // `$19.99 – $99.99`: a range across variants is no price.
    if (price && token.marked && RANGE_GAP.test(gap))
      return { price: null, labelledList, range: true };
    const found = { amount_minor: token.amount_minor, currency: token.currency };
    if (!token.marked) unmarked ??= found;
    else if (!list && LIST_LABEL.test(gap)) labelledList ??= found;
    else price ??= found;
  }
  // A struck-through price may omit the currency the page already named (`statt 1'499.–`).
  if (!price && list && hint.currency) price = unmarked;
  return { price, labelledList };
}

function samePrice(a: ParsedPrice | null, b: ParsedPrice | null): boolean {
  return !!a && !!b && a.amount_minor === b.amount_minor && a.currency === b.currency;
}

interface Inherited {
  inMain: boolean;
  list: boolean;
  regular: boolean;
  depth: number;
}

/** Price elements outside navigation and related blocks, with what their ancestors say. */
function candidatesOf(doc: Document, hint: CurrencyHint): Candidate[] {
  const candidates: Candidate[] = [];
  const root: Inherited = { inMain: false, list: false, regular: false, depth: 0 };
  walkElements(doc, root, (el, up) => {
    if (INVISIBLE.has(el.name) || isNoise(el, up.inMain)) return null;
    const here: Inherited = {
      inMain: up.inMain || opensMain(el),
      list: up.list || isStrongList(el),
      regular: up.regular || nameWords(el).includes('regular'),
      depth: up.depth + 1,
    };
    if (candidates.length < MAX_CANDIDATES && isCandidate(el)) {
      const { list, regular, depth } = here;
      candidates.push({
        el,
        depth,
        tier: tierOf(el),
        list,
        regular,
        ...readCandidate(el, list, hint),
      });
    }
    return here;
  });
  return candidates;
}

export function findTextPrices(doc: Document, hint: CurrencyHint): TextPrices {
  const all = candidatesOf(doc, hint);
  // WooCommerce shows a range as two `.amount` elements inside one `.price`: neither end counts.
  const ranges = all.filter((c) => c.range);
  const candidates = all.filter((c) => !ranges.some((r) => isWithin(c.el, r.el)));
  const first = candidates
    .filter((c) => !c.list && c.price)
    .sort((a, b) => a.tier - b.tier || Number(a.regular) - Number(b.regular))[0];
  if (!first?.price) return { current: null, list: null };
  // The most specific element showing that price: its struck-through neighbour is the list price.
  const current = candidates
    .filter((c) => !c.list && samePrice(c.price, first.price) && isWithin(c.el, first.el))
    .reduce((deepest, c) => (c.depth > deepest.depth ? c : deepest), first);
  if (!current.price) return { current: null, list: null };
  const price = current.price;
  const higher = (p: ParsedPrice | null) =>
    !!p && p.currency === price.currency && p.amount_minor > price.amount_minor;
  const shown = candidates.flatMap((c) => {
    const struck = c.list || (c.regular && !current.regular) ? [{ c, p: c.price }] : [];
    return [...struck, { c, p: c.labelledList }].filter(({ p }) => higher(p));
  });
  const near = shown
    .map((s) => ({ ...s, d: treeDistance(s.c.el, current.el) }))
    .sort((a, b) => a.d - b.d);
  return { current: price, list: near[0]?.p ?? null };
}
