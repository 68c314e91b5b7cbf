import { isoCode, minorUnits, type CurrencyHint } from './currency';
import { toMinor } from './number';
import { scanPrices, soleCurrencyIn } from './price-scan';

export interface ParsedPrice {
  amount_minor: number;
  currency: string | null;
}

/**
 * The price in a piece of text: `$1,299.00`, `1 299,00 €`, `CHF 1'299.–`, `₹1,29,999.00`,
 * `KWD 1.250`… The first amount with a currency marker wins, else the first amount. Symbols
 * shared by several currencies (`$`, `kr`, `¥`) are resolved by the hint. Never throws.
 */
export function parsePrice(text: string, hint: CurrencyHint = {}): ParsedPrice | null {
  if (typeof text !== 'string') return null;
  const safeHint: CurrencyHint = {
    currency: typeof hint?.currency === 'string' ? hint.currency : undefined,
    locale: typeof hint?.locale === 'string' ? hint.locale : undefined,
  };
  const tokens = scanPrices(text, safeHint);
  const token = tokens.find((t) => t.marked) ?? tokens[0];
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
 * string (`1299.00`), or a formatted string (`1,299.00`, `$12`, `12,50`).
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
