import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorUnits, parsePrice } from '../../../engine/extract';

/** Locale and currency pairs shops format prices in; the currency's own locale and a foreign one. */
const FORMATS: readonly [locale: string, currency: string][] = [
  ['en-US', 'USD'],
  ['de-DE', 'EUR'],
  ['fr-FR', 'EUR'],
  ['ja-JP', 'JPY'],
  ['de-CH', 'CHF'],
  ['fr-CH', 'CHF'],
  ['en-GB', 'GBP'],
  ['pt-BR', 'BRL'],
  ['en-IN', 'INR'],
  ['hi-IN', 'INR'],
  ['sv-SE', 'SEK'],
  ['nb-NO', 'NOK'],
  ['da-DK', 'DKK'],
  ['pl-PL', 'PLN'],
  ['cs-CZ', 'CZK'],
  ['en-CA', 'CAD'],
  ['fr-CA', 'CAD'],
  ['en-AU', 'AUD'],
  ['es-MX', 'MXN'],
  ['es-ES', 'EUR'],
  ['it-IT', 'EUR'],
  ['nl-NL', 'EUR'],
  ['de-AT', 'EUR'],
  ['zh-CN', 'CNY'],
  ['ko-KR', 'KRW'],
  ['ru-RU', 'RUB'],
  ['tr-TR', 'TRY'],
  ['he-IL', 'ILS'],
  ['th-TH', 'THB'],
  ['zh-HK', 'HKD'],
  ['en-SG', 'SGD'],
  ['en-ZA', 'ZAR'],
  ['en-KW', 'KWD'],
  // Arabic-Indic digits and separators (١٬٢٣٤٫٥٠٠): parsePrice folds them to ASCII.
  ['ar-KW', 'KWD'],
  ['ar-BH', 'BHD'],
  ['ar-EG', 'EGP'],
  // Bengali and Persian digits.
  ['bn-BD', 'BDT'],
  ['fa-IR', 'IRR'],
  // A currency formatted in a foreign locale.
  ['en-US', 'JPY'],
  ['en-US', 'KWD'],
  ['de-DE', 'USD'],
  ['fr-FR', 'GBP'],
];

/** `amount` minor units as the exact decimal string Intl formats (no float arithmetic). */
function decimal(amount: number, exponent: number): string {
  if (exponent === 0) return String(amount);
  const digits = String(amount).padStart(exponent + 1, '0');
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

function format(amount: number, locale: string, currency: string, display: string): string {
  const exponent = minorUnits(currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: display as Intl.NumberFormatOptions['currencyDisplay'],
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
    // Intl.NumberFormat v3 formats a decimal string exactly.
  }).format(decimal(amount, exponent) as unknown as number);
}

describe('parsePrice (properties)', () => {
  it('never throws on arbitrary text and hints, and returns a sane result or null', () => {
    const hint = fc.record(
      {
        currency: fc.oneof(
          fc.string({ maxLength: 4 }),
          fc.constantFrom('USD', 'JPY', 'KWD', 'SEK'),
        ),
        locale: fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('de-DE', 'sv', 'xx-@@', '')),
      },
      { requiredKeys: [] },
    );
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.string({ unit: 'grapheme', maxLength: 60 }),
      fc
        .array(
          fc.constantFrom(
            '1',
            '2',
            '9',
            '0',
            '.',
            ',',
            "'",
            ' ',
            '\u202f',
            '$',
            '€',
            'kr',
            '-',
            '٫',
            '١',
          ),
          {
            maxLength: 24,
          },
        )
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(text, hint, (t, h) => {
        const result = parsePrice(t, h);
        if (result === null) return;
        expect(Number.isSafeInteger(result.amount_minor)).toBe(true);
        expect(result.amount_minor).toBeGreaterThanOrEqual(0);
        if (result.currency !== null) expect(result.currency).toMatch(/^[A-Z]{3}$/);
      }),
      { numRuns: 3000 },
    );
  });

  it('never throws on values that are not strings', () => {
    for (const value of [null, undefined, 12, {}, [], Symbol('x')]) {
      expect(parsePrice(value as unknown as string)).toBeNull();
    }
  });

  it.each(FORMATS)('reads back what Intl formats for %s %s', (locale, currency) => {
    const amount = fc.oneof(
      fc.integer({ min: 0, max: 10_000 }),
      fc.integer({ min: 0, max: 10_000_000 }),
      fc.integer({ min: 0, max: 1_000_000_000_000 }),
    );
    const display = fc.constantFrom('symbol', 'narrowSymbol', 'code');
    fc.assert(
      fc.property(amount, display, (minor, how) => {
        const text = format(minor, locale, currency, how);
        expect(parsePrice(text, { currency, locale }), text).toEqual({
          amount_minor: minor,
          currency,
        });
      }),
      { numRuns: 300 },
    );
  });

  it.each(FORMATS)(
    'reads the currency itself for %s %s when only the locale is known',
    (locale, currency) => {
      // Symbols no table of ours knows (ریال, ج.م., ৳) are only readable as ISO codes.
      const displays = ['IRR', 'EGP', 'BDT'].includes(currency) ? ['code'] : ['symbol', 'code'];
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 1_000_000_000 }),
          fc.constantFrom(...displays),
          (minor, how) => {
            const text = format(minor, locale, currency, how);
            expect(parsePrice(text, { locale }), text).toEqual({ amount_minor: minor, currency });
          },
        ),
        { numRuns: 200 },
      );
    },
  );

  it('reads back amounts with the currency written out by name', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.constantFrom(...FORMATS),
        (minor, [locale, currency]) => {
          const text = format(minor, locale, currency, 'name');
          expect(parsePrice(text, { currency, locale }), text).toEqual({
            amount_minor: minor,
            currency,
          });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('reads plain decimals to the exact minor unit, with no float error', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (minor) => {
        const text = `$${decimal(minor, 2)}`;
        expect(parsePrice(text)).toEqual({ amount_minor: minor, currency: 'USD' });
      }),
      { numRuns: 2000 },
    );
  });
});
