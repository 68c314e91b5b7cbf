/**
 * Which offer to act on. Never a guess: with several offers that differ in price, currency or
 * stock, only an explicit variant (sku, or text in its name or URL) picks one.
 */
import type { OfferData } from './types';

export interface OfferChoice {
  offer: OfferData | null;
  ambiguous: boolean;
}

const same = (a: OfferData, b: OfferData) =>
  a.price_cents === b.price_cents && a.currency === b.currency && a.availability === b.availability;

/** True when the offers do not all say the same thing (price, currency, stock). */
export function offersDiffer(offers: OfferData[]): boolean {
  const [first] = offers;
  return !!first && offers.some((o) => !same(o, first));
}

function unanimous(offers: OfferData[]): OfferChoice {
  if (offers.length === 0) return { offer: null, ambiguous: false };
  if (offersDiffer(offers)) return { offer: null, ambiguous: true };
  return { offer: offers[0] ?? null, ambiguous: false };
}

const segments = (name: string) => name.toLowerCase().split(/\s*[-–—/|,:()]\s*|\s{2,}/);

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Whether `wanted`'s words appear in `text` side by side, as whole words ("S" is not in "Shirt"). */
function hasWords(text: string | null | undefined, wanted: string[]): boolean {
  if (!text || wanted.length === 0) return false;
  const all = words(text);
  return all.some((_, i) => wanted.every((word, j) => all[i + j] === word));
}

/** Offers naming the variant, most exact first: sku, `?variant=` id, name segment, then its words in the name or URL. */
function matching(offers: OfferData[], variant: string): OfferData[] {
  const wanted = variant.trim().toLowerCase();
  if (!wanted) return [];
  const wantedWords = words(wanted);
  const tiers: ((o: OfferData) => boolean)[] = [
    (o) => o.sku?.trim().toLowerCase() === wanted,
    (o) => !!o.url && variantOfUrl(o.url)?.toLowerCase() === wanted,
    (o) => !!o.name && segments(o.name).includes(wanted),
    (o) => hasWords(o.name, wantedWords) || hasWords(o.url, wantedWords),
  ];
  for (const tier of tiers) {
    const found = offers.filter(tier);
    if (found.length > 0) return found;
  }
  return [];
}

export function selectOffer(offers: OfferData[], variant: string | undefined): OfferChoice {
  if (!variant || offers.length <= 1) return unanimous(offers);
  const found = matching(offers, variant);
  if (found.length > 0) return unanimous(found);
  // The requested variant is not on the page: nothing to act on, whatever the others say.
  return { offer: null, ambiguous: offersDiffer(offers) };
}

/** Shopify-style `?variant=123` in the page URL names the variant the page shows. */
export function variantOfUrl(pageUrl: string): string | undefined {
  try {
    return new URL(pageUrl).searchParams.get('variant') ?? undefined;
  } catch {
    return undefined;
  }
}
