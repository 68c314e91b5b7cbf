import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorUnits, parsePrice } from '../../../engine/extract';

/**
 * The families of price text real shops write (issue 17, part 3) as properties: whatever the
 * amount, the reader gives it back exactly, or gives no price where the text is a range.
 */

/** Two-decimal currencies with the sign, decimal and group separators their shops use. */
const STYLES = [
  { currency: 'USD', sign: '$', before: true, decimal: '.', group: ',' },
  { currency: 'EUR', sign: '€', before: false, decimal: ',', group: '.' },
  { currency: 'EUR', sign: '€', before: true, decimal: '.', group: ',' },
  { currency: 'GBP', sign: '£', before: true, decimal: '.', group: ',' },
  { currency: 'PLN', sign: 'zł', before: false, decimal: ',', group: '.' },
  { currency: 'CZK', sign: 'Kč', before: false, decimal: ',', group: '.' },
  { currency: 'RUB', sign: 'р.', before: false, decimal: ',', group: ' ' },
  { currency: 'KZT', sign: 'тг.', before: false, decimal: ',', group: ' ' },
] as const;
type Style = (typeof STYLES)[number];

function grouped(units: number, group: string): string {
  return String(units).replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

function priced(style: Style, number: string): string {
  return style.before ? `${style.sign}${number}` : `${number} ${style.sign}`;
}

const cents = fc.integer({ min: 0, max: 99 }).map((c) => String(c).padStart(2, '0'));
const units = fc.integer({ min: 0, max: 9_999_999 });
const style = fc.constantFrom(...STYLES);

describe('parsePrice on shop price text (properties)', () => {
  it('reads an amount written with no digit before the decimal separator', () => {
    fc.assert(
      fc.property(style, fc.integer({ min: 1, max: 99 }), (s, c) => {
        const text = priced(s, `${s.decimal}${String(c).padStart(2, '0')}`);
        expect(parsePrice(text), text).toEqual({ amount_minor: c, currency: s.currency });
      }),
      { numRuns: 500 },
    );
  });

  it('reads through a stray space after the decimal or a thousands separator', () => {
    fc.assert(
      fc.property(style, units, cents, fc.boolean(), (s, u, c, afterGroup) => {
        const whole = grouped(u, s.group);
        const cut = afterGroup && s.group !== ' ' && whole.includes(s.group);
        const at = whole.lastIndexOf(s.group) + 1;
        const number = cut
          ? `${whole.slice(0, at)} ${whole.slice(at)}${s.decimal}${c}`
          : `${whole}${s.decimal} ${c}`;
        const text = priced(s, number);
        expect(parsePrice(text), text).toEqual({
          amount_minor: u * 100 + Number(c),
          currency: s.currency,
        });
      }),
      { numRuns: 1000 },
    );
  });

  it('reads cents written after the sign, with or without a space', () => {
    fc.assert(
      fc.property(units, cents, fc.constantFrom('', ' '), (u, c, space) => {
        const text = `${grouped(u, ' ')}€${space}${c}`;
        expect(parsePrice(text), text).toEqual({
          amount_minor: u * 100 + Number(c),
          currency: 'EUR',
        });
      }),
      { numRuns: 1000 },
    );
  });

  it('reads a space-grouped amount before an abbreviation with a dot', () => {
    const abbreviations = [
      ['р.', 'RUB'],
      ['руб.', 'RUB'],
      ['тг.', 'KZT'],
      ['грн.', 'UAH'],
      ['дин.', 'RSD'],
    ] as const;
    fc.assert(
      fc.property(units, fc.constantFrom(...abbreviations), (u, [abbreviation, currency]) => {
        const text = `${grouped(u, '\u00a0')} ${abbreviation}`;
        expect(parsePrice(text), text).toEqual({ amount_minor: u * 100, currency });
      }),
      { numRuns: 500 },
    );
  });

  it('reads a free word, in any case and wrapping, as zero; with an amount beside it, the amount', () => {
    const words = [
      'free',
      'gratis',
      'kostenlos',
      'gratuit',
      'zdarma',
      'ingyenes',
      'бесплатно',
      '無料',
    ];
    const wrap = fc.constantFrom(['', ''], ['', '!'], ['(', ')'], ['— ', ' —'], [' ', ' ']);
    const caseOf = fc.constantFrom(
      (w: string) => w,
      (w: string) => w.toUpperCase(),
      (w: string) => w[0]!.toUpperCase() + w.slice(1),
    );
    fc.assert(
      fc.property(fc.constantFrom(...words), wrap, caseOf, units, (word, [l, r], cased, u) => {
        const text = `${l}${cased(word)}${r}`;
        expect(parsePrice(text), text).toEqual({ amount_minor: 0, currency: null });
        const withAmount = `${cased(word)} $${u}`;
        expect(parsePrice(withAmount), withAmount).toEqual({
          amount_minor: u * 100,
          currency: 'USD',
        });
      }),
      { numRuns: 500 },
    );
  });

  it('reads no price from a range in words or signs, whichever its ends', () => {
    const forms = [
      (a: string, b: string) => `From ${a} to ${b} €`,
      (a: string, b: string) => `from $${a} to $${b}`,
      (a: string, b: string) => `between $${a} and $${b}`,
      (a: string, b: string) => `Between ${a} and ${b} USD`,
      (a: string, b: string) => `von ${a} bis ${b} €`,
      (a: string, b: string) => `de ${a} € à ${b} €`,
      (a: string, b: string) => `${a} – ${b} €`,
      (a: string, b: string) => `$${a} - $${b}`,
      (a: string, b: string) => `od ${a} do ${b} zł`,
    ];
    const ends = fc
      .tuple(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 1, max: 99_999 }))
      .filter(([a, b]) => a < b);
    fc.assert(
      fc.property(ends, fc.constantFrom(...forms), ([a, b], form) => {
        const text = form(String(a), String(b));
        expect(parsePrice(text), text).toBeNull();
      }),
      { numRuns: 1000 },
    );
  });

  it('takes the code written after a shared sign, and no price when sign and code disagree', () => {
    const dollars = ['USD', 'CAD', 'AUD', 'NZD', 'SGD', 'HKD', 'MXN'];
    fc.assert(
      fc.property(units, cents, fc.constantFrom(...dollars), (u, c, code) => {
        const text = `$${grouped(u, ',')}.${c} ${code}`;
        const amount = u * 100 + Number(c);
        expect(parsePrice(text), text).toEqual({ amount_minor: amount, currency: code });
        expect(parsePrice(`€${u}.${c} ${code}`)).toBeNull();
        expect(minorUnits(code)).toBe(2);
      }),
      { numRuns: 500 },
    );
  });
});
