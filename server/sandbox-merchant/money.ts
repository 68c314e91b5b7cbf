/** Minor units <-> display. Fraction digits come from the currency (2 for USD/EUR, 0 for JPY). */
import { minorUnits } from '../../engine/index';

/** 12999 USD -> "129.99" (schema.org Offer.price). */
export function decimalString(minor: number, currency: string): string {
  const digits = minorUnits(currency);
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const unit = 10 ** digits;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(digits, '0')}`;
}

/** 12999 USD -> "$129.99". */
export function displayPrice(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(Number(decimalString(minor, currency)));
}

/** Rounds amount * numerator / denominator half up, in integers (no float drift). */
export function mulDivHalfUp(amount: number, numerator: number, denominator: number): number {
  return Math.floor((amount * numerator * 2 + denominator) / (denominator * 2));
}
