import { describe, expect, it } from 'vitest';
import { codeKey, mpnKey, productIdentifiers } from '../../../engine/resolve/identifiers';
import { gtin14 } from '../../../engine/util/gtin';

describe('gtin14', () => {
  it.each([
    ['UPC-A', '036000291452', '00036000291452'],
    ['EAN-13', '4006381333931', '04006381333931'],
    ['EAN-8', '96385074', '00000096385074'],
    ['GTIN-14', '10036000291459', '10036000291459'],
    ['printed with spaces and dashes', '0 36000-29145 2', '00036000291452'],
  ])('reads a %s as its GTIN-14', (_what, value, expected) => {
    expect(gtin14(value)).toBe(expected);
  });

  it.each([
    ['a wrong check digit', '036000291453'],
    ['11 digits', '03600029145'],
    ['letters', '03600029145A'],
    ['nothing', ''],
  ])('refuses %s', (_what, value) => {
    expect(gtin14(value)).toBeNull();
  });
});

describe('productIdentifiers', () => {
  it('gives a UPC its UPC-A and EAN-13 forms', () => {
    expect(productIdentifiers('00036000291452', 'MPN-1', 'sku-1')).toEqual({
      gtin: '00036000291452',
      upc: '036000291452',
      ean: '0036000291452',
      mpn: 'MPN-1',
      sku: 'sku-1',
    });
  });

  it('gives an EAN-13 no UPC form, and a GTIN-8 its EAN-8 only', () => {
    expect(productIdentifiers('04006381333931', null, null)).toEqual({
      gtin: '04006381333931',
      upc: null,
      ean: '4006381333931',
      mpn: null,
      sku: null,
    });
    expect(productIdentifiers('00000096385074', null, null)).toEqual({
      gtin: '00000096385074',
      upc: null,
      ean: '96385074',
      mpn: null,
      sku: null,
    });
  });

  it('gives no GTIN no forms, and keeps the MPN and SKU', () => {
    expect(productIdentifiers(null, 'MPN-1', null)).toEqual({
      gtin: null,
      upc: null,
      ean: null,
      mpn: 'MPN-1',
      sku: null,
    });
  });
});

describe('match keys', () => {
  it('compares MPNs and SKUs without case, spaces, dashes, dots or slashes', () => {
    expect(codeKey('WH-1000XM5/B')).toBe(codeKey('wh 1000xm5 b'));
    expect(codeKey(' - ')).toBeNull();
  });

  it('needs both brand and MPN (an MPN alone is not unique across brands)', () => {
    expect(mpnKey('Sony', 'WH-1000XM5')).toBe('sony|wh1000xm5');
    expect(mpnKey('  SONY ', 'wh1000xm5')).toBe('sony|wh1000xm5');
    expect(mpnKey(null, 'WH-1000XM5')).toBeNull();
    expect(mpnKey('Sony', null)).toBeNull();
  });
});
