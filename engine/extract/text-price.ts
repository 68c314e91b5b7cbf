/**
 * The current and struck-through price as shown on a page without usable markup. Of the price
 * elements (price-candidates.ts), the most explicit kind wins (Amazon's price to pay, then
 * `data-price-amount`, then named or labelled ones); among those showing different amounts, the
 * one nearest the product's title and order controls, so a sidebar, "specials" or "bought
 * together" box listed first does not lend the product its price.
 */
import type { ParentNode } from 'domhandler';
import type { CurrencyHint } from './currency';
import { isWithin, treeDistance, type Document } from './dom';
import type { ParsedPrice } from './price';
import { candidatesOf, type Candidate } from './price-candidates';
import { nearestToAnchors, productAnchors } from './product-anchors';

export interface TextPrices {
  current: ParsedPrice | null;
  list: ParsedPrice | null;
}

function samePrice(a: ParsedPrice | null, b: ParsedPrice | null): boolean {
  return !!a && !!b && a.amount_minor === b.amount_minor && a.currency === b.currency;
}

/** A wrapper around parts showing different amounts does not choose between them: they do. */
function withoutMixedWrappers(candidates: Candidate[]): Candidate[] {
  const byElement = new Map<ParentNode, Candidate>(candidates.map((c) => [c.el, c]));
  const mixed = new Set<Candidate>();
  for (const part of candidates) {
    for (let p = part.el.parent; p; p = p.parent) {
      const wrapper = byElement.get(p);
      if (wrapper && !samePrice(wrapper.price, part.price)) mixed.add(wrapper);
    }
  }
  return candidates.filter((c) => !mixed.has(c));
}

const showsOnePrice = (candidates: Candidate[]) =>
  candidates.every((c) => samePrice(c.price, candidates[0]?.price ?? null));

/**
 * The candidate showing the product's price: best kind first, then nearest the product. Two
 * different amounts as near as each other (or a page with neither title nor order control to
 * measure from) are two plausible prices: none is taken.
 */
function chooseCurrent(all: Candidate[], doc: Document): Candidate | undefined {
  const priced = withoutMixedWrappers(all);
  const rank = (c: Candidate) => c.tier * 2 + Number(c.regular);
  const best = Math.min(...priced.map(rank));
  const top = priced.filter((c) => rank(c) === best);
  if (showsOnePrice(top)) return top[0];
  const nearest = nearestToAnchors(top, (c) => c.el, productAnchors(doc));
  return showsOnePrice(nearest) ? nearest[0] : undefined;
}

export function findTextPrices(doc: Document, hint: CurrencyHint): TextPrices {
  const all = candidatesOf(doc, hint);
  // WooCommerce shows a range as two `.amount` elements inside one `.price`: neither end counts.
  const blocked = all.filter((c) => c.noPrice);
  const candidates = all.filter((c) => !blocked.some((r) => isWithin(c.el, r.el)));
  const first = chooseCurrent(
    candidates.filter((c) => !c.list && c.price),
    doc,
  );
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
