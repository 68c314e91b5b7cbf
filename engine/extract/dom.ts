import {
  isDocument,
  isTag,
  isText,
  type AnyNode,
  type Document,
  type Element,
  type ParentNode,
} from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { squash } from './normalize-text';

export type { Document, Element };

/** Parses any string (however broken) into a DOM; htmlparser2 runs in every runtime. */
export function parseHtml(html: string): Document {
  return parseDocument(typeof html === 'string' ? html : '', {
    decodeEntities: true,
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
  });
}

export function attr(el: Element, name: string): string | null {
  const value = el.attribs[name];
  return typeof value === 'string' ? value : null;
}

/** Every element under `root` passing `test`, in document order. */
export function findElements(root: Document | Element, test: (el: Element) => boolean): Element[] {
  const found: Element[] = [];
  walkElements(root, true, (el) => {
    if (test(el)) found.push(el);
    return true;
  });
  return found;
}

export function byTag(root: Document | Element, name: string): Element[] {
  return findElements(root, (el) => el.name === name);
}

/** Elements whose content is never visible text. */
export const INVISIBLE = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg']);
const INLINE = new Set(
  'a abbr b bdi bdo cite code data del em font i ins kbd label mark q s small span strike strong sub sup time u var'.split(
    ' ',
  ),
);

/**
 * Visible text under `node`, whitespace collapsed. Block elements are separated by a space so
 * `<div>In stock</div><div>$5</div>` does not read `In stock$5` (`block` replaces that space).
 * `skip` prunes subtrees; `limit` stops early once that many characters are read. Iterative: any
 * nesting depth is fine.
 */
export function textOf(
  node: AnyNode,
  skip?: (el: Element) => boolean,
  limit = Infinity,
  block = ' ',
): string {
  const out: string[] = [];
  let length = 0;
  const stack: (AnyNode | typeof block)[] =
    isTag(node) || isDocument(node) ? [...node.children].reverse() : [node];
  while (stack.length > 0 && length <= limit) {
    const n = stack.pop();
    if (n === undefined) break;
    if (typeof n === 'string' || isText(n)) {
      const text = typeof n === 'string' ? n : n.data;
      out.push(text);
      length += text.length;
      continue;
    }
    if (!isTag(n) || INVISIBLE.has(n.name) || n.attribs.hidden !== undefined || skip?.(n)) continue;
    if (!INLINE.has(n.name)) {
      out.push(block);
      stack.push(block);
    }
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as AnyNode);
  }
  return squash(out.join(''));
}

/**
 * Depth-first walk over elements carrying a state from parent to children; `visit` returns the
 * children's state, or null to skip the subtree. Iterative: any nesting depth is fine.
 */
export function walkElements<S>(
  root: Document | Element,
  initial: S,
  visit: (el: Element, state: S) => S | null,
): void {
  const stack: [AnyNode, S][] = [...root.children].reverse().map((n) => [n, initial]);
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [node, state] = top;
    if (!isTag(node)) continue;
    const next = visit(node, state);
    if (next === null) continue;
    for (let i = node.children.length - 1; i >= 0; i--)
      stack.push([node.children[i] as AnyNode, next]);
  }
}

/** `ancestor` is `el` or one of its ancestors. */
export function isWithin(el: Element, ancestor: Element): boolean {
  for (let p: ParentNode | null = el; p; p = p.parent) if (p === ancestor) return true;
  return false;
}

/** Steps from `a` up to the nearest common ancestor and down to `b`. */
export function treeDistance(a: Element, b: Element): number {
  const depths = new Map<ParentNode, number>();
  let depth = 0;
  for (let p: ParentNode | null = a; p; p = p.parent) depths.set(p, depth++);
  let up = 0;
  for (let p: ParentNode | null = b; p; p = p.parent, up++) {
    const down = depths.get(p);
    if (down !== undefined) return down + up;
  }
  return Infinity;
}

// Every reader asks each element for its names, several times: split them once per element.
const wordsCache = new WeakMap<Element, readonly string[]>();
const tokensCache = new WeakMap<Element, readonly string[]>();

/** Words of an element's class and id: `priceblock_ourprice` → priceblock, ourprice. */
export function nameWords(el: Element): readonly string[] {
  let words = wordsCache.get(el);
  if (!words) {
    const raw = `${el.attribs.class ?? ''} ${el.attribs.id ?? ''}`;
    words = raw
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
    wordsCache.set(el, words);
  }
  return words;
}

/** Whole class tokens and the id, lower case. */
export function nameTokens(el: Element): readonly string[] {
  let tokens = tokensCache.get(el);
  if (!tokens) {
    tokens = `${el.attribs.class ?? ''} ${el.attribs.id ?? ''}`
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean);
    tokensCache.set(el, tokens);
  }
  return tokens;
}

/** Decodes HTML character references in a string taken from a script (JSON-LD values). */
export function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  const doc = parseDocument(value.replace(/</g, '&lt;'), { decodeEntities: true });
  return doc.children.map((n) => (isText(n) ? n.data : '')).join('');
}

/** An absolute http(s) URL for `value` relative to `base`, or null. */
export function resolveUrl(value: string | null | undefined, base: string): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  let url: URL;
  try {
    url = new URL(value.trim(), base);
  } catch {
    try {
      url = new URL(value.trim());
    } catch {
      return null;
    }
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}
