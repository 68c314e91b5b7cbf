import { afterAll, describe, expect, it } from 'vitest';
import { decideStock, stockSignals } from '../../../engine/extract/stock-phrases';
import { STOCK_CORPUS } from './stock-corpus.data';

const read = (text: string) => decideStock(stockSignals(text));
const lines = Object.values(STOCK_CORPUS).flat();

describe('stock corpus', () => {
  for (const [language, table] of Object.entries(STOCK_CORPUS)) {
    describe(language, () => {
      it.each(table)('reads %j as %s', (text, expected) => {
        expect(read(text)).toBe(expected);
      });
    });
  }

  it('covers at least 150 lines in at least 25 languages', () => {
    expect(lines.length).toBeGreaterThanOrEqual(150);
    expect(Object.keys(STOCK_CORPUS).length).toBeGreaterThanOrEqual(25);
  });

  it('reads no line as in stock that says otherwise, and no in-stock line as out of stock', () => {
    const falseInStock = lines.filter(([t, e]) => e !== 'in_stock' && read(t) === 'in_stock');
    const inStockAsOut = lines.filter(([t, e]) => e === 'in_stock' && read(t) === 'out_of_stock');
    expect({ falseInStock, inStockAsOut }).toEqual({ falseInStock: [], inStockAsOut: [] });
  });
});

afterAll(() => {
  const wrong = lines.filter(([t, e]) => read(t) !== e).length;
  console.info(`stock corpus: ${lines.length - wrong}/${lines.length} lines read as expected`);
});
