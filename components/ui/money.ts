/** Money in integer minor units, formatted and parsed with the currency's own decimals. */
import { minorUnits } from '../../engine/contract';

/** Decimals of the currency's minor unit (USD 2, JPY 0, KWD 3; 2 when unknown): the engine's. */
export const minorDigits = minorUnits;

export function formatMoney(
  minor: number | null | undefined,
  currency: string | null | undefined,
): string {
  if (minor === null || minor === undefined) return 'Price unknown';
  if (!currency) return `${minor} (currency unknown)`;
  const digits = minorDigits(currency);
  try {
    return new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(minor / 10 ** digits);
  } catch {
    return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
  }
}

/** Minor units as the text of a major-unit input: 1999 USD → "19.99", 1999 JPY → "1999". */
export function toMajorText(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

export type ParsedAmount = { minor: number } | { error: string };

/** "19.99" USD → 1999. Parsed as text so that no float rounding creeps in. */
export function parseMajor(text: string, currency: string): ParsedAmount {
  const value = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(value)) return { error: 'Enter an amount such as 19.99.' };
  const digits = minorDigits(currency);
  const [whole = '0', fraction = ''] = value.split('.');
  if (fraction.length > digits) {
    return {
      error:
        digits === 0
          ? `${currency} amounts have no decimals.`
          : `${currency} amounts have at most ${digits} decimals.`,
    };
  }
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  if (!Number.isSafeInteger(minor)) return { error: 'That amount is too large.' };
  return { minor };
}

/** The default maximum total charge: price × quantity plus 25 % for tax and shipping. */
export const defaultMaxCharge = (maxPriceMinor: number, quantity: number) =>
  Math.round(maxPriceMinor * quantity * 1.25);

/**
 * The default target of a price-drop watch: a round step below today's price (5 % off, rounded
 * down to two significant digits: 129.99 → 120.00, 1,299 → 1,200), always below it and above 0.
 */
export function priceDropTarget(priceMinor: number, currency: string): number {
  const unit = 10 ** minorDigits(currency);
  const target = priceMinor * 0.95;
  const step = Math.max(unit, 10 ** (Math.floor(Math.log10(Math.max(target, 1))) - 1));
  const rounded = Math.floor(target / step) * step;
  if (rounded > 0 && rounded < priceMinor) return rounded;
  return Math.max(1, priceMinor - 1);
}
