import type { CatalogProductDoc } from '../schemas/catalog';
import { codeKey } from './identifiers';
import { createTextIndex } from './text-index';

/**
 * Words of the name count fully, the brand a little more (it is what people type first). MPNs
 * and SKUs are matched exactly instead (identifierKeys): their parts make poor words.
 */
const FIELDS = { name: 1, brand: 1.5, category: 0.5 };

interface Entry {
  updatedAt: string;
  merchants: readonly string[];
  /** `g:<gtin14>` and `c:<mpn or sku key>`: the exact-identifier keys of the product. */
  keys: string[];
}

/** The exact-identifier keys of a product: its GTIN-14 and its MPN and SKU as compared. */
export function identifierKeys(identifiers: CatalogProductDoc['identifiers']): string[] {
  const keys = identifiers.gtin ? [`g:${identifiers.gtin}`] : [];
  for (const code of [identifiers.mpn, identifiers.sku]) {
    const key = codeKey(code);
    if (key) keys.push(`c:${key}`);
  }
  return keys;
}

/**
 * The search index of one mode's products: their words (text-index.ts), their exact
 * identifiers, and which merchants cover each (to filter on allowed_merchants without reading
 * offers). Kept in step with the store by `upsert`, which skips a document it already holds.
 * Most identifier keys name one product: they map to its id, not to a set (100,000 products).
 */
export function createProductIndex() {
  const text = createTextIndex(FIELDS);
  const entries = new Map<string, Entry>();
  const byKey = new Map<string, string | string[]>();

  function link(key: string, id: string) {
    const ids = byKey.get(key);
    if (ids === undefined) byKey.set(key, id);
    else if (typeof ids === 'string') byKey.set(key, ids === id ? id : [ids, id]);
    else if (!ids.includes(id)) ids.push(id);
  }

  function unlink(key: string, id: string) {
    const ids = byKey.get(key);
    if (ids === id) byKey.delete(key);
    else if (Array.isArray(ids)) {
      const rest = ids.filter((other) => other !== id);
      byKey.set(key, rest.length === 1 ? rest[0]! : rest);
    }
  }

  function upsert(doc: CatalogProductDoc) {
    const known = entries.get(doc.product_id);
    if (known && known.updatedAt >= doc.updated_at) return;
    for (const key of known?.keys ?? []) unlink(key, doc.product_id);
    const keys = identifierKeys(doc.identifiers);
    for (const key of keys) link(key, doc.product_id);
    entries.set(doc.product_id, {
      updatedAt: doc.updated_at,
      merchants: doc.merchant_coverage,
      keys,
    });
    text.add(doc.product_id, { name: doc.name, brand: doc.brand, category: doc.category });
  }

  return {
    upsert,
    /** Products whose GTIN-14 (`g:`) or MPN/SKU key (`c:`) is `key`. */
    withKey(key: string): readonly string[] {
      const ids = byKey.get(key);
      return ids === undefined ? [] : typeof ids === 'string' ? [ids] : ids;
    },
    merchantsOf: (id: string): readonly string[] => entries.get(id)?.merchants ?? [],
    has: (id: string) => entries.has(id),
    get size() {
      return entries.size;
    },
    text,
  };
}

export type ProductIndex = ReturnType<typeof createProductIndex>;
