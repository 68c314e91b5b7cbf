/**
 * schema.org Product / ProductGroup nodes → ProductData, and the choice of the page's product
 * among several nodes (related products, variants listed as separate Products).
 */
import { resolveUrl } from './dom';
import { gtinOf, offersOf, type OfferContext, type OfferDefaults } from './schema-offers';
import {
  hasType,
  isNode,
  textOfKey,
  urlValue,
  valuesOf,
  type Resolve,
  type SchemaNode,
} from './schema-node';
import type { ExtractionSource, OfferData, PageContext, ProductData } from './types';

const PRODUCT_TYPES = [
  'product',
  'productgroup',
  'individualproduct',
  'productmodel',
  'someproducts',
  'vehicle',
  'car',
  'book',
];

export function isProductNode(node: SchemaNode): boolean {
  return hasType(node, ...PRODUCT_TYPES);
}

function isGroup(node: SchemaNode): boolean {
  return hasType(node, 'productgroup') || node.hasVariant !== undefined;
}

function defaultsOf(node: SchemaNode, base: string): OfferDefaults {
  return {
    sku: textOfKey(node, 'sku'),
    name: textOfKey(node, 'name'),
    url: resolveUrl(urlValue(valuesOf(node, 'url')), base),
    gtin: gtinOf(node),
    mpn: textOfKey(node, 'mpn'),
  };
}

/** Offers of a plain product; its own sku/gtin/mpn go to the offer only when there is one. */
function productOffers(node: SchemaNode, ctx: OfferContext): OfferData[] {
  const own = defaultsOf(node, ctx.base);
  const offers = offersOf(node, { ...own, sku: null, gtin: null, mpn: null }, ctx);
  const [only] = offers;
  if (offers.length === 1 && only) {
    return [
      { ...only, sku: only.sku ?? own.sku, gtin: only.gtin ?? own.gtin, mpn: only.mpn ?? own.mpn },
    ];
  }
  return offers;
}

function groupOffers(group: SchemaNode, members: SchemaNode[], ctx: OfferContext): OfferData[] {
  const variants = [...valuesOf(group, 'hasVariant', ctx.resolve).filter(isNode), ...members];
  const groupName = textOfKey(group, 'name');
  const offers = variants.flatMap((v) => {
    const own = defaultsOf(v, ctx.base);
    return offersOf(v, { ...own, name: own.name ?? groupName }, ctx);
  });
  return offers.length > 0 ? offers : productOffers(group, ctx);
}

function dedupe(offers: OfferData[]): OfferData[] {
  const seen = new Set<string>();
  return offers.filter((o) => {
    const key = JSON.stringify(o);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function productData(
  node: SchemaNode,
  members: SchemaNode[],
  source: ExtractionSource,
  page: PageContext,
  resolve: Resolve,
): ProductData {
  const ctx: OfferContext = { source, base: page.pageUrl, resolve };
  const offers =
    isGroup(node) || members.length > 0
      ? groupOffers(node, members, ctx)
      : productOffers(node, ctx);
  return {
    source,
    title: textOfKey(node, 'name'),
    brand: textOfKey(node, 'brand', resolve),
    category: textOfKey(node, 'category', resolve),
    image: resolveUrl(urlValue(valuesOf(node, 'image', resolve)), page.pageUrl),
    url: resolveUrl(urlValue(valuesOf(node, 'url')), page.pageUrl),
    identifiers: {
      gtin: gtinOf(node),
      mpn: textOfKey(node, 'mpn'),
      sku: isGroup(node) ? null : textOfKey(node, 'sku'),
    },
    offers: dedupe(offers),
  };
}

/** The keys tying a variant Product to its group: `isVariantOf` and `inProductGroupWithID`. */
function groupKeys(node: SchemaNode): string[] {
  const keys = valuesOf(node, 'isVariantOf').map((v) =>
    isNode(v) ? (textOfKey(v, 'productGroupID') ?? urlValue(v['@id'])) : urlValue(v),
  );
  keys.push(textOfKey(node, 'inProductGroupWithID'));
  return keys.filter((k): k is string => !!k);
}

function sameDocument(a: string | null, b: string | null): boolean {
  const strip = (u: string) =>
    u
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '')
      .toLowerCase();
  return !!a && !!b && strip(a) === strip(b);
}

/**
 * The page's product among schema.org nodes: a ProductGroup (with its variants), else the
 * product whose URL is the page's, else variants sharing a group, else the one product the page
 * title names, else the first product.
 */
export function chooseProduct(
  nodes: SchemaNode[],
  source: ExtractionSource,
  page: PageContext,
  resolve: Resolve,
): ProductData | null {
  const products = nodes.filter(isProductNode);
  if (products.length === 0) return null;
  const members = products.filter((p) => !isGroup(p) && groupKeys(p).length > 0);
  const standalone = products.filter((p) => !members.includes(p));
  const pageUrls = [page.canonicalUrl, page.pageUrl];
  const urlOf = (p: SchemaNode) => resolveUrl(urlValue(p.url ?? p['@id']), page.pageUrl);
  const matches = (p: SchemaNode) => pageUrls.some((u) => sameDocument(urlOf(p), u));
  const groups = standalone.filter(isGroup);
  const group = groups.find(matches) ?? groups[0];
  if (group) {
    const ids = [textOfKey(group, 'productGroupID'), urlValue(group['@id'])];
    const own = members.filter((m) => groupKeys(m).some((k) => ids.includes(k)));
    return productData(group, own, source, page, resolve);
  }
  const main = standalone.find(matches);
  if (main) return productData(main, [], source, page, resolve);
  const [firstMember] = members;
  if (standalone.length === 0 && firstMember) {
    const key = groupKeys(firstMember)[0];
    const siblings = members.filter((m) => groupKeys(m)[0] === key);
    const parent = valuesOf(firstMember, 'isVariantOf', resolve).find(isNode);
    const synthetic: SchemaNode = { '@type': 'ProductGroup', name: parent?.name ?? null };
    return productData(synthetic, siblings, source, page, resolve);
  }
  const chosen =
    standalone.length > 1 ? (namedInTitle(standalone, page) ?? standalone[0]) : standalone[0];
  return chosen ? productData(chosen, [], source, page, resolve) : null;
}

/**
 * The product whose name the page title carries; of several, the one with the longest name if
 * it is the only one that long ("Lamp Shade Deluxe" over the "Lamp" accessory listed with it).
 */
function namedInTitle(products: SchemaNode[], page: PageContext): SchemaNode | null {
  const title = page.titleTag?.toLowerCase();
  if (!title) return null;
  const named = products
    .map((node) => ({ node, name: textOfKey(node, 'name')?.toLowerCase().trim() ?? '' }))
    .filter(({ name }) => name.length > 0 && title.includes(name))
    .sort((a, b) => b.name.length - a.name.length);
  const [longest, next] = named;
  return longest && (!next || next.name.length < longest.name.length) ? longest.node : null;
}
