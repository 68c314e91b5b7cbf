/**
 * Items written into the HTML itself (microdata, RDFa lite) read into SchemaNodes, so the
 * JSON-LD interpreter can read them too. Both syntaxes share one shape: an element opens an
 * item scope, descendants name its properties, a property element that opens a scope is a
 * nested item.
 */
import {
  attr,
  findElements,
  INVISIBLE,
  textOf,
  walkElements,
  type Document,
  type Element,
} from './dom';
import type { SchemaNode } from './schema-node';

/** Items nested deeper than this (offer → price specification → …) are not product data. */
const MAX_DEPTH = 6;

export interface ItemSyntax {
  isScope(el: Element): boolean;
  types(el: Element): string[];
  props(el: Element): string[];
  /** An attribute that carries the value ahead of the element's own (`content`). */
  valueAttr: string;
}

const URL_ATTR: Record<string, string> = {
  a: 'href', link: 'href', area: 'href', img: 'src', audio: 'src', video: 'src', source: 'src',
  iframe: 'src', embed: 'src', track: 'src', object: 'data', data: 'value', meter: 'value',
  time: 'datetime',
}; // prettier-ignore

/** `http://schema.org/price`, `schema:price` → `price` (case kept: `priceCurrency`). */
export function propName(term: string): string {
  return term.replace(/[/#]+$/, '').replace(/^.*[/#:]/, '');
}

function valueOf(el: Element, syntax: ItemSyntax): string {
  const explicit = attr(el, syntax.valueAttr);
  if (explicit !== null) return explicit;
  const special = URL_ATTR[el.name];
  const fromAttr = special ? attr(el, special) : null;
  return fromAttr ?? textOf(el);
}

function add(node: SchemaNode, name: string, value: unknown): void {
  const existing = node[name];
  if (existing === undefined) node[name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else node[name] = [existing, value];
}

function readItem(scope: Element, syntax: ItemSyntax, depth: number): SchemaNode {
  const node: SchemaNode = { '@type': syntax.types(scope) };
  walkElements(scope, true, (child) => {
    if (INVISIBLE.has(child.name)) return null;
    const names = syntax.props(child);
    const nested = syntax.isScope(child);
    if (names.length > 0) {
      const value = !nested
        ? valueOf(child, syntax)
        : depth < MAX_DEPTH
          ? readItem(child, syntax, depth + 1)
          : null;
      for (const name of names) add(node, name, value);
    }
    // A nested scope's own properties belong to it, not to this item.
    return nested ? null : true;
  });
  return node;
}

/** Every top-level item (a scope that is not itself a property value). */
export function readItems(doc: Document, syntax: ItemSyntax): SchemaNode[] {
  return findElements(doc, (el) => syntax.isScope(el) && syntax.props(el).length === 0).map((el) =>
    readItem(el, syntax, 0),
  );
}

export function tokens(value: string | null): string[] {
  return (value ?? '').split(/\s+/).filter(Boolean);
}
