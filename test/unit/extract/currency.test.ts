import { describe, expect, it } from 'vitest';
import { minorUnits, parsePrice } from '../../../engine/extract';

describe('minorUnits', () => {
  it.each([
    ['USD', 2],
    ['EUR', 2],
    ['GBP', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['VND', 0],
    ['CLP', 0],
    ['ISK', 0],
    ['KWD', 3],
    ['BHD', 3],
    ['OMR', 3],
    ['JOD', 3],
    ['TND', 3],
    ['CLF', 4],
    ['jpy', 0],
    [' kwd ', 3],
  ])('%s has %i decimals', (currency, exponent) => {
    expect(minorUnits(currency)).toBe(exponent);
  });

  it('assumes two decimals for a code it does not know', () => {
    expect(minorUnits('XYZ')).toBe(2);
  });
});

describe('parsePrice', () => {
  it.each([
    ['$1,299.00', {}, 129900, 'USD'],
    ['1.299,00 €', {}, 129900, 'EUR'],
    ['1\u202f299,00\u00a0€', {}, 129900, 'EUR'],
    ['1\u00a0299,00 €', {}, 129900, 'EUR'],
    ['£5', {}, 500, 'GBP'],
    ['¥1,200', {}, 1200, 'JPY'],
    ['￥1,200', {}, 1200, 'JPY'],
    ['JP¥1,200', {}, 1200, 'JPY'],
    ['¥1,200', { locale: 'zh-CN' }, 120000, 'CNY'],
    ["CHF 1'299.–", {}, 129900, 'CHF'],
    ['CHF 1’299.50', {}, 129950, 'CHF'],
    ['Fr. 12.50', {}, 1250, 'CHF'],
    ['R$ 1.299,90', {}, 129990, 'BRL'],
    ['₹1,29,999.00', {}, 12999900, 'INR'],
    ['kr 1 299,00', { locale: 'sv-SE' }, 129900, 'SEK'],
    ['1299 kr', { locale: 'nb-NO' }, 129900, 'NOK'],
    ['1299 kr', { currency: 'DKK' }, 129900, 'DKK'],
    ['US$ 12', {}, 1200, 'USD'],
    ['12,50 zł', {}, 1250, 'PLN'],
    ['€12', {}, 1200, 'EUR'],
    ['0,99 €', {}, 99, 'EUR'],
    ['KWD 1.250', {}, 1250, 'KWD'],
    ['1.250 KWD', {}, 1250, 'KWD'],
    ['BHD 0.500', {}, 500, 'BHD'],
    ['1.299', { currency: 'EUR' }, 129900, 'EUR'],
    ['1,299', { currency: 'USD' }, 129900, 'USD'],
    ['$12', { currency: 'CAD' }, 1200, 'CAD'],
    ['$12', { locale: 'en-AU' }, 1200, 'AUD'],
    ['C$12', {}, 1200, 'CAD'],
    ['CA$12.99', {}, 1299, 'CAD'],
    ['A$ 12', {}, 1200, 'AUD'],
    ['NZ$12', {}, 1200, 'NZD'],
    ['HK$1,000', {}, 100000, 'HKD'],
    ['S$9.90', {}, 990, 'SGD'],
    ['MX$199', {}, 19900, 'MXN'],
    ['£5', { currency: 'USD' }, 500, 'GBP'],
    ['19.99 USD', {}, 1999, 'USD'],
    ['EUR 1.234,56', {}, 123456, 'EUR'],
    ['Now only $12.99 (was $19.99)', {}, 1299, 'USD'],
    ['Only 3 left at $12.99', {}, 1299, 'USD'],
    ['12,99 €/kg', {}, 1299, 'EUR'],
    ['1,200円', {}, 1200, 'JPY'],
    ['٤٩٫٩٠٠ د.ك.', {}, 49900, 'KWD'],
  ])('reads %j (hint %j) as %i %s', (text, hint, amount, currency) => {
    expect(parsePrice(text, hint)).toEqual({ amount_minor: amount, currency });
  });

  it.each([
    ['12.5', 1250],
    ['12,50', 1250],
    ['1299', 129900],
  ])('reads the bare amount %j with no currency', (text, amount) => {
    expect(parsePrice(text)).toEqual({ amount_minor: amount, currency: null });
  });

  it('leaves kr without a hint without a currency rather than guessing', () => {
    expect(parsePrice('1299 kr')).toEqual({ amount_minor: 129900, currency: null });
  });

  it.each(['', 'Sold out', 'abc', '-$1.50', 'CHF-1.50', '20%', 'B07X8C', '$'])(
    'finds no price in %j',
    (text) => {
      expect(parsePrice(text)).toBeNull();
    },
  );
});
