/**
 * One spelling for stock text and lexicon phrases alike: lower case, Latin and Greek accents
 * dropped (`ÉPUISÉ`, `ΔΙΑΘΕΣΙΜΟ`), `ı` as `i`, typographic apostrophes as `'`, hyphens and symbols as spaces
 * (`sold-out`), digit groups joined (`1,204` → `1204`), and sentence punctuation as a `|` clause
 * mark that negation scope never crosses. `:` stays a token of its own (`stock : 0`).
 */

/** Scripts written without spaces between words: phrases there match inside runs of text. */
export const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}]/u;

const CLAUSE_MARKS = /[.!?;,|()[\]{}<>«»"“”„¡¿。！？；，、•·…/\\]+/g;

const SYMBOLS = /[^\p{L}\p{M}\p{N}':| ]+/gu;
/** Lexicon phrases keep `#`, their number placeholder. */
const PHRASE_SYMBOLS = /[^\p{L}\p{M}\p{N}':|# ]+/gu;

/** Latin and Greek letters that may carry accents, and combining marks: the only text to fold. */
const ACCENTABLE = /[\u00c0-\u024f\u0370-\u03ff\u1e00-\u1fff]|\p{Mn}/u;

function foldAccents(text: string): string {
  if (!/[\u0080-\uffff]/.test(text)) return text;
  const folded = ACCENTABLE.test(text)
    ? text
        .normalize('NFD')
        .replace(/([\p{Script=Latin}\p{Script=Greek}])\p{M}+/gu, '$1')
        .normalize('NFC')
    : text;
  return folded.replace(/[’‘ʼ´`′]/g, "'").replace(/ı/g, 'i'); // `HAYIR` lower-cases to `hayir`
}

export function normalizeStockText(text: string, phrase = false): string {
  return foldAccents(text.toLowerCase())
    .replace(/(\d)[.,'\u00a0\u202f ](?=\d)/g, '$1')
    .replace(/[:：]/g, ' : ')
    .replace(CLAUSE_MARKS, ' | ')
    .replace(phrase ? PHRASE_SYMBOLS : SYMBOLS, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every unspaced script lies at or above the Thai block (U+0E00): a cheap test first. */
export function isUnspaced(char: string | undefined): boolean {
  if (char === undefined) return false;
  const code = char.charCodeAt(0);
  return code >= 0x0e00 && UNSPACED.test(char);
}

/** A letter, mark or digit: what a phrase must not continue into on a spaced script. */
export function isWordChar(char: string | undefined): boolean {
  if (char === undefined) return false;
  const code = char.charCodeAt(0);
  if (code < 0x80) return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39);
  return /[\p{L}\p{M}\p{N}]/u.test(char);
}
