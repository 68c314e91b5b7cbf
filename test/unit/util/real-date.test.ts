import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRealDate, isRfc3339 } from '../../../engine/util/time';

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

describe('isRfc3339', () => {
  it('takes a real instant with an offset that UTC can write in four-digit years', () => {
    expect(isRfc3339('2026-12-01T09:00:00Z')).toBe(true);
    expect(isRfc3339('2026-12-01T09:00:00.123+05:30')).toBe(true);
    expect(isRfc3339('9999-12-31T23:59:59.999Z')).toBe(true);
    expect(isRfc3339('0000-01-01T00:00:00Z')).toBe(true);
    expect(isRfc3339('9999-12-31T23:59:59-00:01')).toBe(false); // 10000-01-01 in UTC
    expect(isRfc3339('0000-01-01T00:00:00+00:01')).toBe(false); // in year -1 in UTC
    expect(isRfc3339('2026-11-29T18:28:00')).toBe(false); // no offset
    expect(isRfc3339('2026-02-30T00:00:00Z')).toBe(false);
    expect(isRfc3339('Sun, 29 Nov 2026 18:00:00 GMT')).toBe(false);
  });

  it('agrees that every instant it takes is written back in RFC 3339 UTC', () => {
    const instant = fc.date({
      min: new Date('0000-01-01T00:00:00Z'),
      max: new Date('9999-12-31T23:59:59.999Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instant, (date) => {
        const text = date.toISOString();
        expect(isRfc3339(text)).toBe(true);
        expect(new Date(Date.parse(text)).toISOString()).toMatch(/^\d{4}-/);
      }),
    );
  });
});
