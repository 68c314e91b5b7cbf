import { nextDate, startOfLocalDate } from '../util/zoned-date';

interface DatedConditions {
  date_range?: { start: string; end: string } | undefined;
  time_zone?: string | undefined;
}

/**
 * The instants `conditions.date_range` covers (CONTRACT §9): from the first moment of its start
 * date to the first moment of the day after its end date, both in `conditions.time_zone` (UTC by
 * default). Null when the intent has no date range.
 */
export function dateRangeBounds(
  conditions: DatedConditions,
): { startMs: number; endMs: number } | null {
  const range = conditions.date_range;
  if (!range) return null;
  const zone = conditions.time_zone ?? 'UTC';
  return {
    startMs: startOfLocalDate(range.start, zone),
    endMs: startOfLocalDate(nextDate(range.end), zone),
  };
}

/** When the intent must expire: the earlier of `guardrails.expires_at` and the range's end. */
export function expiryMsOf(
  conditions: DatedConditions,
  expiresAt: string | undefined,
): number | null {
  const ends = [
    expiresAt === undefined ? null : Date.parse(expiresAt),
    dateRangeBounds(conditions)?.endMs ?? null,
  ].filter((ms): ms is number => ms !== null);
  return ends.length === 0 ? null : Math.min(...ends);
}
