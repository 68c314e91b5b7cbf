/**
 * A word meaning "free" as the whole price text (`FREE`, `Gratis`, `Kostenlos`, `無料`) is a
 * price of zero: the shop states the amount, it does not withhold it. Only the whole text counts:
 * `Free shipping`, `Free with Prime` or `Free gift` beside an amount say nothing about the price.
 */
import { squash } from './normalize-text';

// prettier-ignore
const FREE_WORDS = new Set([
  'free', 'free of charge', 'free to play', 'gratis', 'kostenlos', 'kostenfrei', 'umsonst', 'gratuit',
  'gratuite', 'gratuito', 'gratuita', 'grátis', 'gratuïto', 'za darmo', 'darmowy', 'darmowe', 'zdarma',
  'bezplatne', 'ingyenes', 'ingyen', 'ilmainen', 'ücretsiz', 'bedava', 'δωρεάν', 'бесплатно',
  'безкоштовно', 'безплатно', 'مجاني', 'مجانا', 'مجانًا', 'חינם', '無料', '免费', '免費', '무료', 'ฟรี',
  'miễn phí', 'percuma',
]);

/** Marks around the word that do not change it: `FREE!`, `(Gratis)`, `— free —`. */
const WRAPPING = /^[\s!¡.*()[\]–—-]+|[\s!¡.*()[\]–—-]+$/gu;

export function isFreeText(text: string): boolean {
  if (text.length > 40) return false;
  return FREE_WORDS.has(squash(text).replace(WRAPPING, '').toLowerCase());
}
