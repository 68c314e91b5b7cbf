/** RDFa lite: `vocab="https://schema.org/" typeof="Product"` with `property`s. */
import { attr, type Document } from './dom';
import { propName, readItems, tokens, type ItemSyntax } from './embedded-items';
import { identity } from './schema-node';
import { chooseProduct } from './schema-product';
import type { PageContext, ProductData } from './types';

const RDFA: ItemSyntax = {
  isScope: (el) => el.attribs.typeof !== undefined,
  types: (el) => tokens(attr(el, 'typeof')),
  // `og:` and other non-schema.org prefixes describe the page, not the item.
  props: (el) =>
    tokens(attr(el, 'property'))
      .filter((p) => !/^(og|fb|twitter|product|article):/i.test(p))
      .map(propName),
  valueAttr: 'content',
};

export function rdfaProduct(doc: Document, page: PageContext): ProductData | null {
  return chooseProduct(readItems(doc, RDFA), 'rdfa', page, identity);
}
