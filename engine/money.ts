/**
 * Money is an integer in minor units (CONTRACT §2): how many decimals a currency's minor unit has
 * is said here only. No imports: the extension's pages use it through engine/contract.ts.
 */

// prettier-ignore
const EXPONENTS: Record<string, number> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0,
  VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  CLF: 4, UYW: 4,
};

/** The ISO 4217 exponent of a currency (JPY 0, USD 2, KWD 3); 2 for codes it does not know. */
export function minorUnits(currency: string): number {
  return EXPONENTS[currency.trim().toUpperCase()] ?? 2;
}
