/**
 * A schema.org item as plain data. JSON-LD gives it directly; microdata and RDFa are read into
 * the same shape so one interpreter (schema-product.ts) serves all three.
 */
import { decodeEntities } from './dom';
import { squash } from './normalize-text';

/** Deeper nesting than this in a name or URL is not data a shop meant. */
const MAX_NESTING = 8;

export type SchemaNode = { [key: string]: unknown };

/** Turns `{"@id": "#x"}` references into the node they name; identity when there is none. */
export type Resolve = (value: unknown) => unknown;

export const identity: Resolve = (value) => value;

export function isNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The local part of a schema.org term: `http://schema.org/Offer`, `schema:Offer` → `offer`. */
export function localName(term: string): string {
  return term
    .trim()
    .replace(/[/#]+$/, '')
    .replace(/^.*[/#:]/, '')
    .toLowerCase();
}

export function typesOf(node: SchemaNode): string[] {
  const raw = node['@type'];
  const list = Array.isArray(raw) ? raw : [raw];
  return list.filter((t): t is string => typeof t === 'string').map(localName);
}

export function hasType(node: SchemaNode, ...names: string[]): boolean {
  return typesOf(node).some((t) => names.includes(t));
}

/**
 * A property as written, or in another case (`Offers`, `PriceCurrency`: shops write them so and
 * browser readers accept them), `schema:` prefix or not.
 */
function rawValue(node: SchemaNode, key: string): unknown {
  const exact = node[key] ?? node[`schema:${key}`];
  if (exact !== undefined) return exact;
  const wanted = key.toLowerCase();
  const match = Object.keys(node).find((k) => k.replace(/^schema:/i, '').toLowerCase() === wanted);
  return match === undefined ? undefined : node[match];
}

/** Every value of a property, arrays flattened, `schema:` prefixed and other-case keys accepted. */
export function valuesOf(node: SchemaNode, key: string, resolve: Resolve = identity): unknown[] {
  const raw = rawValue(node, key);
  if (raw === undefined || raw === null) return [];
  const list = Array.isArray(raw) ? raw.flat(2) : [raw];
  return list.map(resolve).filter((v) => v !== undefined && v !== null);
}

export function firstOf(node: SchemaNode, key: string, resolve: Resolve = identity): unknown {
  return valuesOf(node, key, resolve)[0];
}

/** A human-readable string: strings decoded and trimmed, numbers printed, `@value`/`name` read. */
export function textValue(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return squash(decodeEntities(value)) || null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (depth > MAX_NESTING) return null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = textValue(item, depth + 1);
      if (text) return text;
    }
    return null;
  }
  if (isNode(value)) return textValue(value['@value'] ?? value.name, depth + 1);
  return null;
}

export function textOfKey(
  node: SchemaNode,
  key: string,
  resolve: Resolve = identity,
): string | null {
  return textValue(valuesOf(node, key, resolve));
}

/** A URL-ish value: a string, or a node's `url`, `contentUrl` or `@id`. */
export function urlValue(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return decodeEntities(value).trim() || null;
  if (depth > MAX_NESTING) return null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const url = urlValue(item, depth + 1);
      if (url) return url;
    }
    return null;
  }
  if (isNode(value)) return urlValue(value.url ?? value.contentUrl ?? value['@id'], depth + 1);
  return null;
}

/** A price-like scalar: a number or string as written, `@value` unwrapped. */
export function scalarOf(node: SchemaNode, key: string): string | number | null {
  for (const value of valuesOf(node, key)) {
    const inner = isNode(value) ? value['@value'] : value;
    if (typeof inner === 'number' || (typeof inner === 'string' && inner.trim())) return inner;
  }
  return null;
}
