import { describe, expect, it } from 'vitest';
import { normalizeAvailability } from '../../../engine/extract';
import { stockSignals, decideStock } from '../../../engine/extract/stock-phrases';

describe('normalizeAvailability', () => {
  it.each([
    ['InStock', 'in_stock'],
    ['https://schema.org/InStock', 'in_stock'],
    ['http://schema.org/InStock', 'in_stock'],
    ['schema:InStock', 'in_stock'],
    ['  instock ', 'in_stock'],
    ['in stock', 'in_stock'],
    ['OnlineOnly', 'in_stock'],
    ['https://schema.org/LimitedAvailability', 'limited'],
    ['LimitedAvailability', 'limited'],
    ['InStoreOnly', 'in_store_only'],
    ['http://schema.org/InStoreOnly/', 'in_store_only'],
    ['PreOrder', 'preorder'],
    ['PreSale', 'preorder'],
    ['preorder', 'preorder'],
    ['BackOrder', 'backorder'],
    ['https://schema.org/BackOrder', 'backorder'],
    ['OutOfStock', 'out_of_stock'],
    ['out of stock', 'out_of_stock'],
    ['SoldOut', 'out_of_stock'],
    ['https://schema.org/SoldOut', 'out_of_stock'],
    ['Discontinued', 'discontinued'],
    ['HTTPS://SCHEMA.ORG/DISCONTINUED', 'discontinued'],
    ['in_stock', 'in_stock'],
    ['out_of_stock', 'out_of_stock'],
    // Feed and platform spellings, upper case with underscores.
    ['UNAVAILABLE', 'out_of_stock'],
    ['NOT_AVAILABLE', 'out_of_stock'],
    ['LOW_STOCK', 'limited'],
    ['BACKORDERED', 'backorder'],
    // schema.org MadeToOrder: made after the order, so ordered now and delivered later.
    ['MadeToOrder', 'backorder'],
    ['https://schema.org/MadeToOrder', 'backorder'],
  ])('maps %j to %s', (value, expected) => {
    expect(normalizeAvailability(value)).toBe(expected);
  });

  it.each(['', 'https://schema.org/Reserved', 'maybe', '在庫切れ', 'unknown'])(
    'says unknown, not out of stock, for %j',
    (value) => {
      expect(normalizeAvailability(value)).toBe('unknown');
    },
  );
});

describe('stock phrases', () => {
  it.each([
    ['Out of stock', 'out_of_stock'],
    ['Currently unavailable.', 'out_of_stock'],
    ['Sold out', 'out_of_stock'],
    ['Ausverkauft', 'out_of_stock'],
    ['Nicht verfügbar', 'out_of_stock'],
    ['Rupture de stock', 'out_of_stock'],
    ['Épuisé', 'out_of_stock'],
    ['Agotado', 'out_of_stock'],
    ['Esgotado', 'out_of_stock'],
    ['Non disponibile', 'out_of_stock'],
    ['Esaurito', 'out_of_stock'],
    ['Uitverkocht', 'out_of_stock'],
    ['Slutsåld', 'out_of_stock'],
    ['在庫切れ', 'out_of_stock'],
    ['売り切れ', 'out_of_stock'],
    ['品切れです', 'out_of_stock'],
    ['缺货', 'out_of_stock'],
    ['Нет в наличии', 'out_of_stock'],
    ['In stock', 'in_stock'],
    ['Add to cart', 'in_stock'],
    ['Auf Lager', 'in_stock'],
    ['En stock', 'in_stock'],
    ['Disponible', 'in_stock'],
    ['Disponibile', 'in_stock'],
    ['В наличии', 'in_stock'],
    ['在庫あり', 'in_stock'],
    ['Only 3 left in stock - order soon.', 'limited'],
    ['Pre-order now', 'preorder'],
    ['Available on backorder', 'backorder'],
    ['This item has been discontinued', 'discontinued'],
  ])('reads %j as %s', (text, expected) => {
    expect(decideStock(stockSignals(text))).toBe(expected);
  });

  it.each([
    'Nicht verfügbar',
    'Non disponibile',
    'No disponible',
    'Indisponible',
    'Niet op voorraad',
    'Not in stock',
  ])('never reads the negated phrase %j as in stock', (text) => {
    expect(stockSignals(text)).not.toContain('in_stock');
  });

  it('says unknown when the text says both in and out of stock', () => {
    expect(decideStock(stockSignals('In stock · Sold out'))).toBe('unknown');
  });

  it('does not read "back in stock" as in stock', () => {
    expect(decideStock(stockSignals('Back in stock'))).toBe('unknown');
    // "will be back" says it is not there now: an arrival, out of stock with nothing to order.
    expect(
      decideStock(stockSignals("We don't know when or if this item will be back in stock.")),
    ).toBe('out_of_stock');
  });

  it('says unknown for text about nothing', () => {
    expect(decideStock(stockSignals('Free shipping on orders over $50'))).toBe('unknown');
  });
});
