import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEXICON_BY_LANGUAGE } from '../../../engine/extract/stock-lexicon';
import { decideStock, stockSignals } from '../../../engine/extract/stock-phrases';

const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
const plain = (phrase: string) => phrase.replace(/^\^/, '').replace(/#/g, '3');
const join = (a: string, b: string) => (UNSPACED.test(a) && UNSPACED.test(b) ? a + b : `${a} ${b}`);

const CASINGS = [
  (s: string) => s,
  (s: string) => s.toUpperCase(),
  (s: string) => s.charAt(0).toUpperCase() + s.slice(1),
];

/** Ways a shop negates a phrase: before it (with fillers), as the answer after it, by a zero. */
function negatedForms(
  phrase: string,
  negation: string,
  fillers: string[],
  post: string[],
): string[] {
  const before = [negation, ...fillers].reduce(join);
  return [
    join(before, phrase),
    `${join(before, phrase)}.`,
    `Sorry, ${join(before, phrase)} right now`,
    `${phrase}: ${negation}`,
    `${phrase}: 0`,
    `0 ${phrase}`,
    ...post.map((p) => join(phrase, p)),
    ...post.map((p) => `${phrase} ${p}`),
  ];
}

describe('stock negation scope (property)', () => {
  for (const [language, lexicon] of Object.entries(LEXICON_BY_LANGUAGE)) {
    it(`never reads a negated ${language} in-stock phrase as in stock`, () => {
      const positives = [...lexicon.in_stock, ...(lexicon.limited ?? [])].map(plain);
      fc.assert(
        fc.property(
          fc.constantFrom(...positives),
          fc.constantFrom(...lexicon.negations),
          fc.subarray([...(lexicon.fillers ?? [])], {
            maxLength: Math.min(2, lexicon.fillers?.length ?? 0),
          }),
          fc.constantFrom(...CASINGS),
          (phrase, negation, fillers, casing) => {
            for (const form of negatedForms(phrase, negation, fillers, [
              ...(lexicon.postNegations ?? []),
            ])) {
              const text = casing(form);
              expect(decideStock(stockSignals(text)), text).not.toBe('in_stock');
            }
          },
        ),
        { numRuns: 300 },
      );
    });
  }

  it('reads a count label of any language answered by a negation or a zero as out of stock', () => {
    const labels = Object.values(LEXICON_BY_LANGUAGE).flatMap((lexicon) =>
      (lexicon.count ?? []).map((label) => ({ label, lexicon })),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...labels),
        fc.constantFrom(': ', ' | ', ' | | '),
        fc.nat(),
        fc.constantFrom(...CASINGS),
        ({ label, lexicon }, mark, pick, casing) => {
          const answers = ['0', ...lexicon.negations, ...(lexicon.postNegations ?? [])];
          const text = casing(`${label}${mark}${answers[pick % answers.length]}`);
          expect(decideStock(stockSignals(text)), text).toBe('out_of_stock');
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('reads a phrase counting what is left as out of stock when the count is zero', () => {
    const counting = Object.values(LEXICON_BY_LANGUAGE)
      .flatMap((lexicon) => [...lexicon.in_stock, ...(lexicon.limited ?? [])])
      .filter((phrase) => phrase.includes('#'));
    fc.assert(
      fc.property(fc.constantFrom(...counting), fc.constantFrom('0', '00'), (phrase, zero) => {
        const text = phrase.replace(/^\^/, '').replace(/#/g, zero);
        expect(decideStock(stockSignals(text)), text).toBe('out_of_stock');
      }),
      { numRuns: 300 },
    );
  });

  it('reads every in-stock phrase alone as in stock or few left, never out of stock', () => {
    for (const lexicon of Object.values(LEXICON_BY_LANGUAGE)) {
      for (const phrase of lexicon.in_stock.map(plain)) {
        expect([phrase, decideStock(stockSignals(phrase))]).toEqual([phrase, 'in_stock']);
      }
    }
  });
});
