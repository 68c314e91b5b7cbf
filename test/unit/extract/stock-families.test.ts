import { describe, expect, it } from 'vitest';
import { decideStock, stockSignals } from '../../../engine/extract/stock-phrases';
import { FAMILY_CASES } from './stock-families.cases';

describe('stock families (issue 20)', () => {
  for (const [family, cases] of Object.entries(FAMILY_CASES)) {
    it.each(cases)(`${family}: reads %j as %s`, (text, expected) => {
      expect(decideStock(stockSignals(text))).toBe(expected);
    });
  }
});
