/** Whether the last digit of a GTIN-8/12/13/14 is the GS1 check digit of the others. */
function checkDigitHolds(digits: string): boolean {
  let sum = 0;
  // From the right, excluding the check digit: weights 3, 1, 3, 1…
  for (let i = digits.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight) {
    sum += Number(digits[i]) * weight;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

/**
 * A GTIN-8, UPC-A (12), EAN-13 or GTIN-14 as its GTIN-14 (zero-padded), or null when it is not
 * one: wrong length, not digits, or a check digit that does not hold. Spaces and dashes are
 * ignored, as printed under barcodes.
 */
export function gtin14(value: string | null | undefined): string | null {
  const digits = (value ?? '').replace(/[\s-]/g, '');
  if (!/^(\d{8}|\d{12,14})$/.test(digits) || !checkDigitHolds(digits)) return null;
  return digits.padStart(14, '0');
}
