import { isoCode, minorUnits, type CurrencyHint } from './currency';
import { isFreeText } from './free-price';
import { toMinor } from './number';
import { rolesOf } from './price-range';
import { scanPrices, soleCurrencyIn, type PriceToken } from './price-scan';

export interface ParsedPrice {
  amount_minor: number;
  currency: string | null;
}

/**
 * The price a text states, or null: the first amount with a currency marker, else the first
 * amount. A bound (`From $19`) is passed over; a range (`From 12 to 40 €`, `$5–$9`) and a sign
 * and code that disagree (`€19.50 USD`) are no price. Undefined when the text holds no amount.
 */
export function priceOfTokens(text: string, tokens: PriceToken[]): PriceToken | null | undefined {
  if (tokens.length === 0) return undefined;
  const roles = rolesOf(text, tokens);
  const candidates = tokens.filter((_, i) => roles[i] !== 'bound' && roles[i] !== 'was');
  const token = candidates.find((t) => t.marked) ?? candidates[0];
  if (!token || token.conflict || roles[tokens.indexOf(token)] === 'range') return null;
  return token;
}

/**
 * The price in a piece of text: `$1,299.00`, `1 299,00 €`, `CHF 1'299.–`, `₹1,29,999.00`,
 * `KWD 1.250`, `2 490 р.`, `12€49`… Symbols shared by several currencies (`$`, `kr`, `¥`) are
 * resolved by the hint; a free word (`FREE`) as the whole text is zero. Never throws.
 */
export function parsePrice(text: string, hint: CurrencyHint = {}): ParsedPrice | null {
  if (typeof text !== 'string') return null;
  const safeHint: CurrencyHint = {
    currency: typeof hint?.currency === 'string' ? hint.currency : undefined,
    locale: typeof hint?.locale === 'string' ? hint.locale : undefined,
  };
  const tokens = scanPrices(text, safeHint);
  const token = priceOfTokens(text, tokens);
  if (token === undefined && isFreeText(text))
    return { amount_minor: 0, currency: isoCode(safeHint.currency) };
  if (!token) return null;
  const currency = token.currency ?? soleCurrencyIn(text, safeHint);
  if (currency === token.currency) return { amount_minor: token.amount_minor, currency };
  // The currency came from elsewhere in the text: read the digits again with its exponent.
  const again = scanPrices(text.slice(token.start, token.end), {
    ...safeHint,
    currency: currency ?? undefined,
  });
  const amount = again[0]?.amount_minor ?? token.amount_minor;
  return { amount_minor: amount, currency };
}

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * A price from structured data (JSON-LD, microdata, meta): a JSON number, a schema.org decimal
 * string (`1299.00`), or a formatted string (`1,299.00`, `$12`, `12,50`, `Free`).
 */
export function structuredPrice(value: unknown, currency: string | null): ParsedPrice | null {
  const code = isoCode(currency);
  const minor = minorUnits(code ?? 'XXX');
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    const match = PLAIN_DECIMAL.exec(String(value));
    if (!match) return null;
    const amount = toMinor(match[1] ?? '', match[2] ?? '', minor);
    return amount === null ? null : { amount_minor: amount, currency: code };
  }
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  const match = PLAIN_DECIMAL.exec(trimmed);
  const frac = match?.[2] ?? '';
  // `1.299` for a two-decimal currency is a German thousands separator, not 1.299 euros.
  const groupedThousands = frac.length === 3 && minor < 3 && /[1-9]/.test(frac.slice(minor));
  if (match && !groupedThousands) {
    const amount = toMinor(match[1] ?? '', frac, minor);
    return amount === null ? null : { amount_minor: amount, currency: code };
  }
  // A range (`99.00 - 199.00`) is not a price.
  const amounts = new Set(
    scanPrices(trimmed, { currency: code ?? undefined }).map((t) => t.amount_minor),
  );
  if (amounts.size > 1) return null;
  const parsed = parsePrice(trimmed, { currency: code ?? undefined });
  if (!parsed) return null;
  // `€100` declared as USD: two answers to one question, so neither is trusted.
  if (code && parsed.currency && parsed.currency !== code) return null;
  return { amount_minor: parsed.amount_minor, currency: code ?? parsed.currency };
}
