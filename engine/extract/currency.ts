/**
 * ISO 4217 codes and the symbols shops print in front of or after amounts. Their exponents
 * (minor units) are engine/money.ts's.
 */

const ISO_CODES = (
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN ' +
  'BWP BYN BZD CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ' +
  'ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ' +
  'ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD ' +
  'MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR ' +
  'PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL ' +
  'THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND VUV WST XAF ' +
  'XCD XCG XOF XPF YER ZAR ZMW ZWG ZWL'
).split(' ');

const CODES = new Set(ISO_CODES);

/** Codes that are also ordinary upper-case words or brands; never read them from free text. */
const WORDY_CODES = new Set([
  'ALL',
  'AMD',
  'BAM',
  'BOB',
  'CUP',
  'ERN',
  'GEL',
  'MOP',
  'PEN',
  'SOS',
  'TOP',
]);

export { minorUnits } from '../money';

/** The upper-case ISO code when `value` is one, else null. */
export function isoCode(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  return CODES.has(code) ? code : null;
}

/** An ISO code as it may appear next to an amount in page text (upper case, not a common word). */
export function isTextCode(value: string): boolean {
  return CODES.has(value) && !WORDY_CODES.has(value);
}

/**
 * Symbols and abbreviations → the currencies they may mean; the first is the default, null when
 * the symbol alone says nothing (`kr`).
 */
// prettier-ignore
const SYMBOLS: Record<string, readonly (string | null)[]> = {
  $: ['USD', 'CAD', 'AUD', 'NZD', 'SGD', 'HKD', 'MXN', 'ARS', 'CLP', 'COP', 'TWD'],
  US$: ['USD'], C$: ['CAD'], CA$: ['CAD'], A$: ['AUD'], AU$: ['AUD'], NZ$: ['NZD'], HK$: ['HKD'],
  S$: ['SGD'], SG$: ['SGD'], MX$: ['MXN'], NT$: ['TWD'], R$: ['BRL'],
  '€': ['EUR'], '£': ['GBP'], '₹': ['INR'], '₩': ['KRW'], '원': ['KRW'], '₽': ['RUB'],
  руб: ['RUB', 'BYN'], 'руб.': ['RUB', 'BYN'], '₴': ['UAH'], грн: ['UAH'], '₺': ['TRY'], TL: ['TRY'],
  '₪': ['ILS'], '฿': ['THB'], '₫': ['VND'], '₱': ['PHP'], '₦': ['NGN'],
  '¥': ['JPY', 'CNY'], '￥': ['JPY', 'CNY'], 'JP¥': ['JPY'], 'CN¥': ['CNY'], 円: ['JPY'],
  元: ['CNY'], RMB: ['CNY'],
  Rs: ['INR', 'PKR', 'LKR', 'NPR'], 'Rs.': ['INR', 'PKR', 'LKR', 'NPR'], '₨': ['INR', 'PKR', 'LKR', 'NPR'],
  kr: [null, 'SEK', 'NOK', 'DKK', 'ISK'], 'kr.': [null, 'SEK', 'NOK', 'DKK', 'ISK'],
  Kr: [null, 'SEK', 'NOK', 'DKK', 'ISK'], 'Kr.': [null, 'SEK', 'NOK', 'DKK', 'ISK'],
  zł: ['PLN'], Kč: ['CZK'], Ft: ['HUF'], lei: ['RON'], Rp: ['IDR'], RM: ['MYR'], R: ['ZAR'],
  Fr: ['CHF'], 'Fr.': ['CHF'], 'fr.': ['CHF'], 'SFr.': ['CHF'],
  'د.ك': ['KWD'], KD: ['KWD'], 'د.ب': ['BHD'], 'ر.س': ['SAR'], 'د.إ': ['AED'],
  // Abbreviations written with a dot after a space-grouped amount (`2 490 р.`, `24 990 тг.`).
  р: ['RUB', 'BYN'], 'р.': ['RUB', 'BYN'], рублей: ['RUB', 'BYN'], рубля: ['RUB', 'BYN'],
  рубль: ['RUB', 'BYN'], 'грн.': ['UAH'], '₸': ['KZT'], тг: ['KZT'], 'тг.': ['KZT'],
  тенге: ['KZT'], дин: ['RSD'], 'дин.': ['RSD'], сом: ['KGS'], сўм: ['UZS'], сум: ['UZS'],
  '₼': ['AZN'], 'ман.': ['AZN'], '₾': ['GEL'], '₮': ['MNT'], '֏': ['AMD'], 'ש"ח': ['ILS'],
  'ש״ח': ['ILS'], 'ج.م': ['EGP'], 'ر.ق': ['QAR'], 'ر.ع': ['OMR'], 'د.ا': ['JOD'], 'د.أ': ['JOD'],
  'د.ت': ['TND'], 'د.ج': ['DZD'], 'د.م': ['MAD'], 'ل.ل': ['LBP'], 'د.ع': ['IQD'], '৳': ['BDT'],
  रु: ['INR', 'NPR'], 'रु.': ['INR', 'NPR'], บาท: ['THB'], đ: ['VND'], VNĐ: ['VND'], 'Rp.': ['IDR'],
  'S/.': ['PEN'], '₲': ['PYG'], 'Gs.': ['PYG'], RD$: ['DOP'], J$: ['JMD'], TT$: ['TTD'],
};

/** Every symbol, longest first, so `US$` wins over `$` and `kr.` over `kr`. */
export const SYMBOL_LIST: readonly string[] = Object.keys(SYMBOLS).sort(
  (a, b) => b.length - a.length,
);

// prettier-ignore
const REGION_CURRENCY: Record<string, string> = {
  US: 'USD', CA: 'CAD', AU: 'AUD', NZ: 'NZD', SG: 'SGD', HK: 'HKD', MX: 'MXN', AR: 'ARS',
  CL: 'CLP', CO: 'COP', TW: 'TWD', SE: 'SEK', NO: 'NOK', DK: 'DKK', IS: 'ISK', FO: 'DKK',
  GL: 'DKK', JP: 'JPY', CN: 'CNY', IN: 'INR', PK: 'PKR', LK: 'LKR', NP: 'NPR', BY: 'BYN',
};

// prettier-ignore
const LANGUAGE_CURRENCY: Record<string, string> = {
  sv: 'SEK', nb: 'NOK', nn: 'NOK', no: 'NOK', da: 'DKK', is: 'ISK', ja: 'JPY', zh: 'CNY',
};

export interface CurrencyHint {
  currency?: string;
  locale?: string;
}

/** The currency a symbol means given the caller's hint: hint currency, then locale, then default. */
export function currencyOfSymbol(symbol: string, hint: CurrencyHint = {}): string | null {
  const options = SYMBOLS[symbol];
  if (!options) return null;
  if (options.length === 1) return options[0] ?? null;
  const wanted = isoCode(hint.currency);
  if (wanted && options.includes(wanted)) return wanted;
  const [language, region] = localeParts(hint.locale);
  const byRegion = region ? REGION_CURRENCY[region] : undefined;
  if (byRegion && options.includes(byRegion)) return byRegion;
  const byLanguage = language ? LANGUAGE_CURRENCY[language] : undefined;
  if (byLanguage && options.includes(byLanguage)) return byLanguage;
  return options[0] ?? null;
}

/** Whether a symbol may stand for `currency` (`$` for AUD, `kr` for SEK; not `€` for USD). */
export function symbolMayMean(symbol: string, currency: string): boolean {
  return SYMBOLS[symbol]?.includes(currency) ?? false;
}

function localeParts(locale: string | undefined): [string | null, string | null] {
  if (typeof locale !== 'string') return [null, null];
  const parts = locale.trim().split(/[-_]/);
  const language = parts[0] ? parts[0].toLowerCase() : null;
  const region = parts.slice(1).find((part) => /^[a-zA-Z]{2}$/.test(part));
  return [language, region ? region.toUpperCase() : null];
}
