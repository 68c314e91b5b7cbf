import { describe, expect, it } from 'vitest';
import { parsePrice } from '../../../engine/extract';

/**
 * Price text from real shops that the reader misread (issue 17, part 3), each family with lines
 * of our own. Every misreading here is a possible wrong purchase: 100× too high, or far too low.
 */
type Case = readonly [
  text: string,
  hint: { currency?: string; locale?: string },
  amount: number,
  currency: string | null,
];

const FAMILIES: Record<string, readonly Case[]> = {
  'no digit before the decimal separator': [
    ['.65 $', {}, 65, 'USD'],
    ['€.79', {}, 79, 'EUR'],
    ['$ .30', {}, 30, 'USD'],
    [',45 €', {}, 45, 'EUR'],
    ['£.5', {}, 50, 'GBP'],
    ['.500 KWD', {}, 500, 'KWD'],
  ],
  'a stray space after a separator': [
    ['$31. 75', {}, 3175, 'USD'],
    ['3.406, 20 €', {}, 340620, 'EUR'],
    ['56, 30 zł', {}, 5630, 'PLN'],
    ['$2, 149.00', {}, 214900, 'USD'],
    ['Preis: 87, 15 €', {}, 8715, 'EUR'],
    // Not a stray space: a list, or a count before the price.
    ['36, 38, 40 €', {}, 4000, 'EUR'],
    ['Pack of 2, 40 €', {}, 4000, 'EUR'],
  ],
  'cents split from the units by the sign': [
    ['27€ 35', {}, 2735, 'EUR'],
    ['8€65', {}, 865, 'EUR'],
    ['1 204€ 90', {}, 120490, 'EUR'],
    // Not cents: a count of something, a second price, a percentage.
    ['12€ 49 avis', {}, 1200, 'EUR'],
    ['5€ 10€', {}, 500, 'EUR'],
    ['19€ 20%', {}, 1900, 'EUR'],
  ],
  'abbreviations with a dot after a space-grouped amount': [
    ['3 780 р.', {}, 378000, 'RUB'],
    ['12 350 руб.', {}, 1235000, 'RUB'],
    ['1 250 рублей', {}, 125000, 'RUB'],
    ['2 490,50 р.', { locale: 'be-BY' }, 249050, 'BYN'],
    ['18 400 тг.', {}, 1840000, 'KZT'],
    ['6.299,00 дин.', {}, 629900, 'RSD'],
    ['1 199 грн.', {}, 119900, 'UAH'],
    ['1.290.000đ', {}, 1290000, 'VND'],
    ['1,290 บาท', {}, 129000, 'THB'],
    ['Rp. 150.000', {}, 15000000, 'IDR'],
    ['89.90 ש"ח', {}, 8990, 'ILS'],
    ['٢٤٫٥٠ ج.م.', {}, 2450, 'EGP'],
    ['12.400 ر.ع.', {}, 12400, 'OMR'],
  ],
  'a word meaning free as the whole price text': [
    ['Free', {}, 0, null],
    ['FREE!', {}, 0, null],
    ['Gratis', { currency: 'EUR' }, 0, 'EUR'],
    ['Kostenlos', {}, 0, null],
    ['(gratuit)', {}, 0, null],
    ['無料', {}, 0, null],
    ['Бесплатно', {}, 0, null],
    ['miễn phí', {}, 0, null],
  ],
  'a currency code after a shared sign': [
    ['$34.95 AUD', {}, 3495, 'AUD'],
    ['$12 NZD', {}, 1200, 'NZD'],
    ['kr 129 SEK', {}, 12900, 'SEK'],
    ['$19.50', { currency: 'NZD' }, 1950, 'NZD'],
  ],
  'a reduction written as from … to, running down': [
    ['Reduced from £48 to £36', {}, 3600, 'GBP'],
    ['From $120 to $95', {}, 9500, 'USD'],
  ],
};

describe('parsePrice on price text from real shops', () => {
  for (const [family, cases] of Object.entries(FAMILIES)) {
    it.each(cases)(`${family}: reads %j (hint %j) as %i %s`, (text, hint, amount, currency) => {
      expect(parsePrice(text, hint)).toEqual({ amount_minor: amount, currency });
    });
  }

  it.each([
    // Ranges in words or signs: the structured-data rule, never one end.
    'From 14 to 60 €',
    'from $9 to $15',
    'between $7 and $11',
    'Between 7 and 11 USD',
    'von 24,90 bis 39,90 €',
    'De 12,00 € à 40,00 €',
    'de 30 a 55 €',
    'od 49 do 99 zł',
    'от 1 200 до 3 400 руб.',
    '$15.99 – $42.00',
    '12–40 €',
    '$12-40',
    '1,200円〜3,400円',
    // One-ended bounds.
    'From $19',
    'ab 19,90 €',
    // A sign and a code that name different currencies.
    '€19.50 USD',
    'US$ 12 AUD',
    // Free words that are not the whole text, and nothing.
    'Free shipping',
    'Free with Prime',
  ])('finds no price in %j', (text) => {
    expect(parsePrice(text)).toBeNull();
  });
});
