import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRealDate } from '../../../engine/util/time';

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** What Date itself says: the day it would roll the fields over to is the same day. */
function realByDate(year: number, month: number, day: number) {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

describe('isRealDate', () => {
  it('names real days and refuses the ones Date.parse would roll over', () => {
    expect(isRealDate('2024-02-29T10:00:00Z')).toBe(true); // leap year
    expect(isRealDate('2000-02-29')).toBe(true); // divisible by 400
    expect(isRealDate('2100-02-29')).toBe(false); // divisible by 100 only
    expect(isRealDate('2027-02-30T00:00:00Z')).toBe(false);
    expect(isRealDate('2027-04-31')).toBe(false);
    expect(isRealDate('2027-12-31T23:59:59Z')).toBe(true);
    expect(isRealDate('2027-13-01')).toBe(false);
    expect(isRealDate('2027-00-10')).toBe(false);
    expect(isRealDate('2027-01-00')).toBe(false);
    expect(isRealDate('2027-06-01T24:00:00Z')).toBe(false); // hour 24: the next midnight
    expect(isRealDate('next tuesday')).toBe(false);
  });

  it('agrees with the calendar Date keeps, for any year, month and day fields', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (year, month, day) => {
          const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T12:00:00Z`;
          expect(isRealDate(text)).toBe(realByDate(year, month, day));
        },
      ),
      { numRuns: 5000 },
    );
  });
});
