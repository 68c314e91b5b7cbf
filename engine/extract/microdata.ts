/** Microdata: `itemscope itemtype=".../Product"` with `itemprop`s (`content`, `href` or text). */
import { attr, type Document } from './dom';
import { propName, readItems, tokens, type ItemSyntax } from './embedded-items';
import { identity } from './schema-node';
import { chooseProduct } from './schema-product';
import type { PageContext, ProductData } from './types';

const MICRODATA: ItemSyntax = {
  isScope: (el) => el.attribs.itemscope !== undefined,
  types: (el) => tokens(attr(el, 'itemtype')),
  props: (el) => tokens(attr(el, 'itemprop')).map(propName),
  valueAttr: 'content',
};

export function microdataProduct(doc: Document, page: PageContext): ProductData | null {
  return chooseProduct(readItems(doc, MICRODATA), 'microdata', page, identity);
}
