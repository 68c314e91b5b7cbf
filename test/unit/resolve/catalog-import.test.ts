import { describe, expect, it } from 'vitest';
import { acpRows } from '../../../server/catalog/acp-feed';
import { elementLines } from '../../../server/catalog/json-lines';
import { productSightings } from '../../../server/catalog/product-rows';
import { csvRows, jsonRows } from '../../../server/catalog/read-rows';

describe('import files: where each row is', () => {
  it('finds the line of every array element, whatever the strings hold', () => {
    const text =
      '{\n "products": [\n  {"name": "a ] , [ \\" {"},\n\n  {"n": [1,\n 2]}, 7, "x"\n ]\n}';
    const lines = elementLines(text);
    expect([1, 2, 3, 4].map((i) => lines.get(`/products/${i - 1}`))).toEqual([3, 5, 6, 6]);
    expect(lines.get('/products/1/n/1')).toBe(6);
  });

  it('reads JSON arrays, objects holding one, and JSON Lines, each row with its line', () => {
    expect(jsonRows('[\n{"a":1},\n{"a":2}\n]', ['venues']).rows).toEqual([
      { line: 2, value: { a: 1 } },
      { line: 3, value: { a: 2 } },
    ]);
    expect(jsonRows('{"venues": [{"a":1}]}', ['venues']).rows).toEqual([
      { line: 1, value: { a: 1 } },
    ]);
    expect(jsonRows('{"a":1}\n\n{"a":2\n{"a":3}', ['venues'])).toEqual({
      rows: [
        { line: 1, value: { a: 1 } },
        { line: 4, value: { a: 3 } },
      ],
      unreadable: [{ line: 3, reason: expect.stringMatching(/^not JSON/) }],
    });
  });

  it('reads CSV by its header, leaving empty cells out and a broken record aside', () => {
    const { rows, unreadable } = csvRows('\ufeffName, Price\n"Kettle, steel",\n"broken\n');
    expect(rows).toEqual([{ line: 2, value: { name: 'Kettle, steel' } }]);
    expect(unreadable).toEqual([{ line: 3, reason: expect.stringMatching(/quote/i) }]);
  });
});

describe('the ACP product feed', () => {
  const feed = (variant: Record<string, unknown>) =>
    acpRows(
      JSON.stringify({
        products: [
          { id: 'p', title: 'Tee', url: 'https://shop.example.com/tee', variants: [variant] },
        ],
      }),
    ).rows[0]!.value;

  it('makes a product row of a variant: barcode, id as sku, page, price, stock', () => {
    expect(
      feed({
        id: 'tee-red-s',
        title: 'Tee Red S',
        barcodes: [{ type: 'UPC', value: '036000291452' }],
        price: { amount: 1999, currency: 'USD' },
        availability: { available: true, status: 'limited_stock' },
        categories: [{ value: 'Apparel > Shirts' }],
        media: [{ type: 'image', url: 'https://cdn.example.com/red.jpg' }],
      }),
    ).toEqual({
      name: 'Tee Red S',
      gtin: '036000291452',
      sku: 'tee-red-s',
      image: 'https://cdn.example.com/red.jpg',
      category: 'Apparel > Shirts',
      url: 'https://shop.example.com/tee',
      price_cents: 1999,
      currency: 'USD',
      availability: 'limited',
    });
  });

  it('reads a status it does not know from `available`, and keeps the row', () => {
    const value = feed({
      id: 'v',
      title: 'T',
      availability: { available: false, status: 'paused' },
    });
    expect(value).toMatchObject({ availability: 'out_of_stock' });
    expect(productSightings(value, ['test'])).toHaveLength(1);
  });
});
