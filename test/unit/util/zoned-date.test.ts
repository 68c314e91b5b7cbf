import { describe, expect, it } from 'vitest';
import { isTimeZone, localDate, nextDate, startOfLocalDate } from '../../../engine/util/zoned-date';

describe('zoned dates', () => {
  it('knows IANA names and refuses others', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('finds the first moment of a local date, either side of a DST change', () => {
    expect(startOfLocalDate('2026-11-24', 'UTC')).toBe(Date.parse('2026-11-24T00:00:00Z'));
    expect(startOfLocalDate('2026-11-24', 'America/New_York')).toBe(
      Date.parse('2026-11-24T05:00:00Z'),
    );
    expect(startOfLocalDate('2026-07-01', 'America/New_York')).toBe(
      Date.parse('2026-07-01T04:00:00Z'),
    );
    // Paris leaves summer time on 2026-10-25 at 03:00: that day began at 22:00Z the day before.
    expect(startOfLocalDate('2026-10-25', 'Europe/Paris')).toBe(Date.parse('2026-10-24T22:00:00Z'));
    expect(startOfLocalDate('2026-10-26', 'Europe/Paris')).toBe(Date.parse('2026-10-25T23:00:00Z'));
    expect(startOfLocalDate('2026-03-10', 'Asia/Kolkata')).toBe(Date.parse('2026-03-09T18:30:00Z'));
  });

  it('reads the local date of an instant and steps to the next date', () => {
    expect(localDate(Date.parse('2026-11-24T04:59:59Z'), 'America/New_York')).toBe('2026-11-23');
    expect(localDate(Date.parse('2026-11-24T05:00:00Z'), 'America/New_York')).toBe('2026-11-24');
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
    expect(nextDate('2028-02-28')).toBe('2028-02-29');
  });
});
