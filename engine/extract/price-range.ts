/**
 * What each amount of a price text is: the price, a bound (`From $19`, `ab 19 €`, `or 4 payments
 * of $25`), an end of a range (`$19.99 – $99.99`, `From 12 to 40 €`, `between $5 and $9`,
 * `von 19,90 bis 44,90 €`), or the old price of a reduction (`from $40 to $29` runs down). A range
 * is no price, as in structured data: never its lower or upper end.
 */
import type { PriceToken } from './price-scan';

export type TokenRole = 'price' | 'bound' | 'range' | 'was';

/** Words just before an amount that make it a bound or a part, not the price. */
const BOUND =
  /(?:^|[^\p{L}])(?:from|starting\s+at|ab|à\s+partir\s+de|a\s+partir\s+de|desde|vanaf|od|от|payments?\s+of|installments?\s+of|instalments?\s+of|\d+\s*x)\s*:?\s*$/iu;
/** Signs that join two ends whichever way they run. */
const RANGE_SIGN = /^\s*[-–—~〜～]\s*$/u;
/** Words that join two ends (`12 to 40`), or the old and new price when they run down. */
const RANGE_TO =
  /^\s*(?:to|bis|à|a|au|al|hasta|até|tot|till|til|do|až|до|ile|tới|đến|から|至|到)\s*$/iu;
/** `and` joins two ends only after `between`. */
const RANGE_AND = /^\s*(?:and|und|et|y|e|en|och|og|i|és|и|a|ve)\s*$/iu;
const BETWEEN =
  /(?:^|[^\p{L}])(?:between|zwischen|entre|tra|fra|tussen|mellan|mellem|między|mezi|между|між)\s*$/iu;

type Link = 'sign' | 'to' | null;

function linkOf(gap: string, gapBefore: string): Link {
  if (RANGE_SIGN.test(gap)) return 'sign';
  if (RANGE_TO.test(gap)) return 'to';
  return RANGE_AND.test(gap) && BETWEEN.test(gapBefore) ? 'sign' : null;
}

/**
 * `a` then `b` joined by `link`: a range, a reduction (`from $40 to $29`) or neither. An unmarked
 * second amount ends a range only when it is higher (`$12–40`; `$19.99 - 2 colours` is not one).
 */
function pairOf(a: PriceToken, b: PriceToken, link: Link): 'range' | 'was' | null {
  if (!link || (a.marked && b.marked && a.currency !== b.currency)) return null;
  const comparable = a.marked === b.marked;
  const down = comparable && a.amount_minor > b.amount_minor;
  if (!b.marked && !(a.amount_minor < b.amount_minor)) return null;
  return link === 'to' && down ? 'was' : 'range';
}

/** The role of each of `tokens`, found in this order in `text`. */
export function rolesOf(text: string, tokens: readonly PriceToken[]): TokenRole[] {
  const roles: TokenRole[] = [];
  let prevEnd = 0;
  let gapBefore = '';
  tokens.forEach((token, i) => {
    const gap = text.slice(prevEnd, token.start);
    const prev = tokens[i - 1];
    const pair = prev ? pairOf(prev, token, linkOf(gap, gapBefore)) : null;
    roles.push(BOUND.test(gap) && !pair ? 'bound' : pair === 'range' ? 'range' : 'price');
    if (pair) roles[i - 1] = pair;
    prevEnd = token.end;
    gapBefore = gap;
  });
  return roles;
}
