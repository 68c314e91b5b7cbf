import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LEXICON_BY_LANGUAGE } from '../../../engine/extract/stock-lexicon';
import type { StockFamily } from '../../../engine/extract/stock-lexicon/types';
import { normalizeStockText } from '../../../engine/extract/stock-normalize';

const DIR = new URL('../../../engine/extract/stock-lexicon/', import.meta.url);
const REQUIRED = ['in_stock', 'out_of_stock', 'preorder', 'backorder', 'discontinued'] as const;
// prettier-ignore
const FAMILIES: StockFamily[] = ['in_stock', 'limited', 'out_of_stock', 'notify', 'arriving', 'preorder',
  'backorder', 'discontinued', 'in_store_only', 'neutral', 'count'];

describe('stock lexicon', () => {
  it('covers at least 25 languages, each with every family a shop needs and its negations', () => {
    const languages = Object.entries(LEXICON_BY_LANGUAGE);
    expect(languages.length).toBeGreaterThanOrEqual(25);
    for (const [language, lexicon] of languages) {
      for (const family of REQUIRED)
        expect(lexicon[family].length, `${language} ${family}`).toBeGreaterThan(0);
      expect(
        lexicon.negations.length + (lexicon.postNegations?.length ?? 0),
        language,
      ).toBeGreaterThan(0);
    }
  });

  it('gives every phrase one family across all languages (pages mix languages)', () => {
    const families = new Map<string, Set<StockFamily>>();
    for (const lexicon of Object.values(LEXICON_BY_LANGUAGE)) {
      for (const family of FAMILIES) {
        for (const phrase of lexicon[family] ?? []) {
          const key = normalizeStockText(phrase.replace(/^\^/, ''), true);
          families.set(key, (families.get(key) ?? new Set()).add(family));
        }
      }
    }
    const shared = [...families].filter(([, f]) => f.size > 1).map(([p, f]) => `${p}: ${[...f]}`);
    expect(shared).toEqual([]);
  });

  it('keeps one small file per language', () => {
    for (const name of readdirSync(DIR)) {
      const lines = readFileSync(new URL(name, DIR), 'utf8').split('\n').length;
      expect(lines, name).toBeLessThanOrEqual(120);
    }
  });
});
