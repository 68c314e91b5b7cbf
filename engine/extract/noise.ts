/**
 * Parts of a shop page that talk about other products or nothing at all: navigation, header,
 * footer, related/recommended carousels, reviews, mini-cart. Prices and stock words found there
 * are not the product's.
 */
import { INVISIBLE, nameTokens, nameWords, walkElements, type Document, type Element } from './dom';

// prettier-ignore
const NOISE_WORDS = new Set([
  'related', 'recommend', 'recommended', 'recommendation', 'recommendations', 'similar', 'similarities',
  'sims', 'upsell', 'upsells', 'crosssell', 'crosssells', 'carousel', 'sponsored', 'recently', 'viewed',
  'also', 'frequently', 'fbt', 'minicart', 'drawer', 'megamenu', 'breadcrumb', 'breadcrumbs', 'newsletter',
  'cookie', 'cookies', 'announcement', 'topbar', 'review', 'reviews', 'rhf', 'comparison', 'bundle',
  // The same in the languages shops name their classes in.
  'relacionados', 'similares', 'recomendados', 'correlati', 'simili', 'aehnliche', 'verwandte',
  'gerelateerde', 'relaterade', 'podobne', 'associes', 'recommandes',
]);

const NOISE_TOKEN =
  /^(site|page|global|main)?[-_]?(header|footer|nav|navbar|navigation|menu|sidebar)$/;
const HIDDEN_TOKEN = /^(hidden|hide|d-none|is-hidden|js-hidden|invisible)$/;

/** `inMain`: inside `<main>`, `<article>` or an item scope, where `<header>` is the product's. */
export function isNoise(el: Element, inMain: boolean): boolean {
  if (el.name === 'nav' || el.name === 'aside') return true;
  if ((el.name === 'header' || el.name === 'footer') && !inMain) return true;
  if (el.attribs.role === 'navigation' || el.attribs.role === 'banner') return true;
  if (nameTokens(el).some((t) => NOISE_TOKEN.test(t))) return true;
  return nameWords(el).some((w) => NOISE_WORDS.has(w));
}

export function opensMain(el: Element): boolean {
  return el.name === 'main' || el.name === 'article' || el.attribs.role === 'main';
}

/** Hidden by class, inline style or `aria-hidden` on a non-price element. */
export function isHidden(el: Element): boolean {
  if (/display\s*:\s*none|visibility\s*:\s*hidden/i.test(el.attribs.style ?? '')) return true;
  return nameTokens(el).some((t) => HIDDEN_TOKEN.test(t));
}

/** Form fields: their text is choices (variant `<option>`s), never the product's stock. */
export const FORM_FIELDS = new Set(['select', 'option', 'input', 'textarea']);

export function isDisabled(el: Element): boolean {
  return el.attribs.disabled !== undefined || el.attribs['aria-disabled'] === 'true';
}

/** Roots of the subtrees that are noise or never visible, found in one walk of the page. */
export function quietRoots(doc: Document): Set<Element> {
  const roots = new Set<Element>();
  walkElements(doc, false, (el, inMain) => {
    if (INVISIBLE.has(el.name) || isNoise(el, inMain)) {
      roots.add(el);
      return null;
    }
    return inMain || opensMain(el);
  });
  return roots;
}

/** `el` or an ancestor is one of `roots`. */
export function isUnder(el: Element, roots: Set<Element>): boolean {
  for (let p: Element | null = el; p && p.type === 'tag'; p = p.parent as Element | null) {
    if (roots.has(p)) return true;
  }
  return false;
}
