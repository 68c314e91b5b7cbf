import type { Caller } from '../caller';
import type { EngineContext } from '../context';
import { invalid, notFound } from '../errors';
import { LIMITS } from '../limits';
import type { StoreReader, StoreTx } from '../ports';
import type {
  InventoryLevelDoc,
  InventoryReportDoc,
  ReportInventoryInput,
} from '../schemas/inventory';
import { isoTime } from '../util/time';

const REPORTS_SHOWN = 100;

/** The stock of a sku as triggers see it: the sum of the latest level at each location. */
export interface SkuLevel {
  sku: string;
  quantity: number;
  observed_at: string;
}

const levelIdOf = (scope: string, sku: string, location: string | null) =>
  `${scope}|${sku}|${location ?? ''}`;

/**
 * Stores a report (CONTRACT §15) and, unless a newer one for its sku and location came first,
 * makes it that location's level. Returns the report (not yet written: the caller adds what it
 * triggered) and the sku's level after it, or null when the report was out of date.
 */
export async function recordReport(
  tx: StoreTx,
  ctx: EngineContext,
  caller: Caller,
  input: ReportInventoryInput,
): Promise<{ report: InventoryReportDoc; level: SkuLevel | null }> {
  const now = ctx.clock.now();
  const observedAtMs = input.observed_at ? Date.parse(input.observed_at) : now;
  // A level dated in the future would outrank every true count until then: refused, not stored.
  if (observedAtMs > now + LIMITS.clockSkewMs) {
    throw invalid(
      'observed_at',
      `observed_at is after now (${isoTime(now)}) by more than ${LIMITS.clockSkewMs / 60_000} minutes of clock skew; send when the level was counted.`,
    );
  }
  const location = input.location ?? null;
  const levelId = levelIdOf(caller.scope, input.sku, location);
  const previous = await tx.get<InventoryLevelDoc>('inventory_levels', levelId);
  const applied = !previous || previous.observed_at_ms <= observedAtMs;
  const report: InventoryReportDoc = {
    object: 'inventory_report',
    report_id: ctx.ids.next('invr'),
    scope: caller.scope,
    livemode: caller.livemode,
    sku: input.sku,
    location,
    quantity: input.quantity,
    observed_at: isoTime(observedAtMs),
    observed_at_ms: observedAtMs,
    created_at: isoTime(now),
    applied,
    triggered_intents: [],
  };
  if (!applied) return { report, level: null };
  const current: InventoryLevelDoc = {
    level_id: levelId,
    scope: caller.scope,
    sku: input.sku,
    location,
    quantity: input.quantity,
    observed_at: report.observed_at,
    observed_at_ms: observedAtMs,
    report_id: report.report_id,
  };
  await tx.put('inventory_levels', current);
  const others = (await levelsOf(tx, caller.scope, input.sku)).filter(
    (l) => l.level_id !== levelId,
  );
  return { report, level: sumOf(input.sku, [...others, current]) };
}

export const saveReport = (tx: StoreTx, report: InventoryReportDoc) =>
  tx.put('inventory_reports', report);

const levelsOf = (reader: StoreReader, scope: string, sku: string) =>
  reader.query<InventoryLevelDoc>('inventory_levels', { index: 'by_sku', prefix: [scope, sku] });

function sumOf(sku: string, levels: InventoryLevelDoc[]): SkuLevel {
  const newest = levels.reduce((a, b) => (b.observed_at_ms > a.observed_at_ms ? b : a));
  return {
    sku,
    quantity: levels.reduce((total, level) => total + level.quantity, 0),
    observed_at: newest.observed_at,
  };
}

/** The public view of a stored report. */
export const reportView = ({ scope: _scope, observed_at_ms: _ms, ...report }: InventoryReportDoc) =>
  report;

/** GET /v1/inventory_levels/{sku}: the latest level, per location, and the last reports. */
export async function loadSkuLevel(reader: StoreReader, caller: Caller, sku: string) {
  const levels = await levelsOf(reader, caller.scope, sku);
  if (levels.length === 0) throw notFound('inventory level for sku', sku, 'sku');
  const reports = await reader.query<InventoryReportDoc>('inventory_reports', {
    index: 'by_sku',
    prefix: [caller.scope, sku],
    order: 'desc',
    limit: REPORTS_SHOWN,
  });
  const level = sumOf(sku, levels);
  return {
    object: 'inventory_level' as const,
    ...level,
    locations: levels.map(({ location, quantity, observed_at, report_id }) => ({
      location,
      quantity,
      observed_at,
      report_id,
    })),
    reports: reports.map(reportView),
    livemode: caller.livemode,
  };
}
