/**
 * Elements that may show the product's price: those whose class or id names a price
 * (`#priceblock_ourprice`, `.a-price .a-offscreen`, `.product-price`, `data-price-amount`) and
 * lines that open with words naming it (`Our price: $0.86`), outside navigation, related blocks
 * and blocks of conditional prices (quantity tiers, bulk discounts, subscriptions, add-ons);
 * `<del>`/`<s>`/"was" prices kept apart.
 */
import { isText } from 'domhandler';
import { isoCode, type CurrencyHint } from './currency';
import {
  attr,
  INVISIBLE,
  nameTokens,
  nameWords,
  textOf,
  walkElements,
  type Document,
  type Element,
} from './dom';
import { isFreeText } from './free-price';
import { isNoise, opensMain } from './noise';
import { priceOfTokens, structuredPrice, type ParsedPrice } from './price';
import { rolesOf } from './price-range';
import { scanPrices, type PriceToken } from './price-scan';
import {
  LIST_LABEL,
  LIST_WORDS,
  NOT_ITEM_BLOCK,
  NOT_ITEM_PRICE,
  PRICE_LABEL,
  PRICE_WORDS,
} from './price-words';

const STRUCK = new Set(['del', 's', 'strike']);
/** Real pages show a few dozen; more means a pathological page, not more information. */
const MAX_CANDIDATES = 300;
/** A labelled price line longer than this is prose, not a price. */
const MAX_LABELLED = 80;
/** A parent this short holds the amount and its currency in separate elements. */
const MAX_PARENT = 60;

export interface Candidate {
  el: Element;
  depth: number;
  tier: number;
  list: boolean;
  regular: boolean;
  price: ParsedPrice | null;
  labelledList: ParsedPrice | null;
  /** Shows a range or a sign and code that disagree: neither it nor anything inside is the price. */
  noPrice?: boolean;
}

export const isStrongList = (el: Element) =>
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

function isNamedCandidate(el: Element): boolean {
  if (attr(el, 'data-price-amount') !== null) return true;
  const words = nameWords(el);
  if (words.some((w) => NOT_ITEM_PRICE.has(w) || NOT_ITEM_BLOCK.has(w))) return false;
  if (words.some((w) => PRICE_WORDS.test(w)) || nameTokens(el).includes('a-offscreen')) return true;
  // `<s>$79</s>`, `<span class="compare-at">$239.99</span>`: a struck price, if short enough to be one.
  return isStrongList(el) && textOf(el, undefined, 40).length <= 40;
}

/** `Our price: <b>$0.86</b> each`: the text after the label, when an amount follows it at once. */
function afterPriceLabel(el: Element): string | null {
  const own = el.children.find((n) => isText(n) && n.data.trim() !== '');
  if (!own || !isText(own) || !PRICE_LABEL.test(own.data)) return null;
  const text = textOf(el, undefined, MAX_LABELLED);
  const label = PRICE_LABEL.exec(text);
  if (!label || text.length > MAX_LABELLED) return null;
  const rest = text.slice(label[0].length).replace(/^\s*[:：]?\s*/u, '');
  return scanPrices(rest)[0]?.start === 0 ? rest : null;
}

/** `<span class="price">2.450,00</span> <span>kr</span>`: the marker in the parent, beside it. */
function markedByParent(el: Element, text: string, hint: CurrencyHint): PriceToken | null {
  const parent = el.parent as Element | null;
  if (!parent || parent.type !== 'tag') return null;
  const around = textOf(parent, undefined, MAX_PARENT);
  const at = around.indexOf(text);
  if (at < 0 || around.length > MAX_PARENT) return null;
  const tokens = scanPrices(around, hint);
  const token = priceOfTokens(around, tokens);
  return token?.marked && token.start <= at && token.end >= at + text.length ? token : null;
}

type Reading = Pick<Candidate, 'price' | 'labelledList' | 'noPrice'>;
const NOTHING: Reading = { price: null, labelledList: null };
const found = (t: PriceToken) => ({ amount_minor: t.amount_minor, currency: t.currency });

function readText(el: Element, text: string, list: boolean, hint: CurrencyHint): Reading {
  const tokens = scanPrices(text, hint);
  if (tokens.length === 0 && isFreeText(text))
    return { price: { amount_minor: 0, currency: isoCode(hint.currency) }, labelledList: null };
  const roles = rolesOf(text, tokens);
  let price: ParsedPrice | null = null;
  let labelledList: ParsedPrice | null = null;
  let unmarked: PriceToken | null = null;
  let prevEnd = 0;
  for (const [i, token] of tokens.entries()) {
    const gap = text.slice(prevEnd, token.start);
    prevEnd = token.end;
    const role = roles[i];
    if (role === 'range' || token.conflict) return { ...NOTHING, noPrice: true };
    if (token.perUnit || role === 'bound') continue;
    if (!token.marked) unmarked ??= token;
    else if (!list && (role === 'was' || LIST_LABEL.test(gap))) labelledList ??= found(token);
    else price ??= found(token);
  }
  // A struck-through price may omit the currency the page already named (`statt 1'499.–`).
  if (!price && list && hint.currency && unmarked) price = found(unmarked);
  if (!price && unmarked && tokens.length === 1) {
    const beside = markedByParent(el, text, hint);
    if (beside) price = found(beside);
  }
  return { price, labelledList };
}

function readCandidate(el: Element, list: boolean, hint: CurrencyHint, labelled: string | null) {
  if (labelled !== null) return readText(el, labelled, list, hint);
  const text = textOf(el, (child) => !list && isStrongList(child));
  const amount = attr(el, 'data-price-amount');
  if (amount === null) return readText(el, text, list, hint);
  const currency = scanPrices(text, hint).find((t) => t.marked)?.currency ?? null;
  return { price: currency ? structuredPrice(amount, currency) : null, labelledList: null };
}

interface Inherited {
  inMain: boolean;
  list: boolean;
  regular: boolean;
  depth: number;
}

/** Price elements outside navigation, related and conditional blocks, with what their ancestors say. */
export function candidatesOf(doc: Document, hint: CurrencyHint): Candidate[] {
  const candidates: Candidate[] = [];
  const root: Inherited = { inMain: false, list: false, regular: false, depth: 0 };
  walkElements(doc, root, (el, up) => {
    if (INVISIBLE.has(el.name) || isNoise(el, up.inMain)) return null;
    if (nameWords(el).some((w) => NOT_ITEM_BLOCK.has(w))) return null;
    const here: Inherited = {
      inMain: up.inMain || opensMain(el),
      list: up.list || isStrongList(el),
      regular: up.regular || nameWords(el).includes('regular'),
      depth: up.depth + 1,
    };
    if (candidates.length >= MAX_CANDIDATES) return here;
    const named = isNamedCandidate(el);
    const labelled = named ? null : afterPriceLabel(el);
    if (named || labelled !== null) {
      const { list, regular, depth } = here;
      const reading = readCandidate(el, list, hint, labelled);
      candidates.push({ el, depth, tier: tierOf(el), list, regular, ...reading });
    }
    return here;
  });
  return candidates;
}
