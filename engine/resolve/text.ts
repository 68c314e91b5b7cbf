/** Lower case without accents: `Crème Brûlée` and `creme brulee` compare equal. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

const PUNCTUATION = /[^\p{L}\p{N}]+/u;

/**
 * The words of a text as indexed: folded, split at spaces and punctuation; a word that holds
 * punctuation (`WH-1000XM5`) also gives its joined form (`wh1000xm5`), so that a query with or
 * without the dash finds it.
 */
export function indexTerms(text: string): string[] {
  const terms: string[] = [];
  for (const chunk of foldText(text).split(/\s+/)) {
    const parts = chunk.split(PUNCTUATION).filter((part) => part.length > 0);
    terms.push(...parts);
    if (parts.length > 1) terms.push(parts.join(''));
  }
  return terms;
}

/**
 * The words of a query, one per word typed: `WH-1000XM5` is searched as `wh1000xm5`, which the
 * index holds for every punctuated word; repeated words count once.
 */
export function queryTerms(text: string): string[] {
  const terms = foldText(text)
    .split(/\s+/)
    .map((chunk) => chunk.split(PUNCTUATION).join(''))
    .filter((term) => term.length > 0);
  return [...new Set(terms)];
}
