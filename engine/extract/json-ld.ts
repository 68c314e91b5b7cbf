/**
 * JSON-LD: every `<script type="application/ld+json">` block, `@graph`s and top-level arrays
 * flattened, `@id` references resolved. A block that does not parse is skipped, never thrown.
 */
import { textContent } from 'domutils';
import { attr, decodeEntities, findElements, type Document } from './dom';
import { isNode, valuesOf, type Resolve, type SchemaNode } from './schema-node';
import { chooseProduct } from './schema-product';
import type { PageContext, ProductData } from './types';

const MAX_NODES = 5_000;

/** Common breakage: HTML comments or CDATA around the JSON, trailing commas, raw newlines. */
function repaired(raw: string): string {
  return raw
    .replace(/<!--|-->/g, '')
    .replace(/\/\/\s*<!\[CDATA\[|\/\/\s*\]\]>|<!\[CDATA\[|\]\]>/g, '')
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/,\s*([}\]])/g, '$1')
    .trim();
}

function parseBlock(raw: string): unknown {
  for (const candidate of [raw, repaired(raw), repaired(decodeEntities(raw))]) {
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // Try the next repair; a block nothing repairs is skipped.
    }
  }
  return undefined;
}

/** Top-level items: arrays and `@graph` flattened, `mainEntity` of pages included. */
function topLevel(value: unknown, out: SchemaNode[], depth = 0): void {
  if (depth > 6 || out.length > MAX_NODES) return;
  if (Array.isArray(value)) {
    for (const item of value) topLevel(item, out, depth + 1);
    return;
  }
  if (!isNode(value)) return;
  if (value['@graph'] !== undefined) topLevel(value['@graph'], out, depth + 1);
  if (value['@type'] !== undefined) out.push(value);
  for (const entity of valuesOf(value, 'mainEntity')) topLevel(entity, out, depth + 1);
}

/** Every node carrying an `@id`, anywhere in the data, for reference resolution. */
function indexIds(root: unknown): Map<string, SchemaNode> {
  const index = new Map<string, SchemaNode>();
  const stack: unknown[] = [root];
  for (let seen = 0; stack.length > 0 && seen < MAX_NODES; seen++) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      stack.push(...value);
      continue;
    }
    if (!isNode(value)) continue;
    const id = value['@id'];
    const known = typeof id === 'string' ? index.get(id) : undefined;
    if (typeof id === 'string' && Object.keys(value).length > Object.keys(known ?? {}).length) {
      index.set(id, value);
    }
    stack.push(...Object.values(value));
  }
  return index;
}

export function jsonLdBlocks(doc: Document): unknown[] {
  return findElements(doc, (el) => el.name === 'script' && /ld\+json/i.test(attr(el, 'type') ?? ''))
    .map((el) => parseBlock(textContent(el)))
    .filter((v) => v !== undefined);
}

export function jsonLdProduct(doc: Document, page: PageContext): ProductData | null {
  const blocks = jsonLdBlocks(doc);
  const index = indexIds(blocks);
  const resolve: Resolve = (value) => {
    if (!isNode(value) || typeof value['@id'] !== 'string') return value;
    return index.get(value['@id']) ?? value;
  };
  const nodes: SchemaNode[] = [];
  topLevel(blocks, nodes);
  return chooseProduct(
    nodes.map((n) => resolve(n) as SchemaNode),
    'json-ld',
    page,
    resolve,
  );
}
