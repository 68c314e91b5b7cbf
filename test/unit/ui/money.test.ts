import { describe, expect, it } from 'vitest';
import {
  defaultMaxCharge,
  formatMoney,
  minorDigits,
  parseMajor,
  toMajorText,
} from '../../../components/ui/money';

describe('money (popup)', () => {
  it('knows the minor units of each currency', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
  });

  it('formats minor units with the currency decimals', () => {
    expect(formatMoney(1999, 'USD')).toMatch(/19\.99/);
    expect(formatMoney(1999, 'JPY')).toMatch(/1,999/);
    expect(formatMoney(1999, 'JPY')).not.toMatch(/\./);
    expect(formatMoney(null, 'USD')).toBe('Price unknown');
  });

  it('turns minor units into the text of a major-unit input and back', () => {
    expect(toMajorText(1999, 'USD')).toBe('19.99');
    expect(toMajorText(1999, 'JPY')).toBe('1999');
    expect(parseMajor('19.99', 'USD')).toEqual({ minor: 1999 });
    expect(parseMajor('19,9', 'EUR')).toEqual({ minor: 1990 });
    expect(parseMajor('20', 'USD')).toEqual({ minor: 2000 });
    expect(parseMajor('1999', 'JPY')).toEqual({ minor: 1999 });
    expect(parseMajor('1.234', 'KWD')).toEqual({ minor: 1234 });
  });

  it('never rounds through floats', () => {
    for (const text of ['0.29', '1.15', '4.35', '1234567.89']) {
      const parsed = parseMajor(text, 'USD');
      expect(parsed).toEqual({ minor: Number(text.replace('.', '')) });
    }
  });

  it('refuses what is not an amount, or has too many decimals', () => {
    expect(parseMajor('', 'USD')).toHaveProperty('error');
    expect(parseMajor('abc', 'USD')).toHaveProperty('error');
    expect(parseMajor('-1', 'USD')).toHaveProperty('error');
    expect(parseMajor('19.999', 'USD')).toHaveProperty('error');
    expect(parseMajor('10.5', 'JPY')).toEqual({ error: 'JPY amounts have no decimals.' });
  });

  it('suggests a max total charge of price × quantity + 25 %', () => {
    expect(defaultMaxCharge(1999, 1)).toBe(2499);
    expect(defaultMaxCharge(1000, 3)).toBe(3750);
  });
});
