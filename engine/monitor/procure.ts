import type { Caller } from '../caller';
import type { EngineContext } from '../context';
import { recordReport, reportView, saveReport, type SkuLevel } from '../inventory/reports';
import { ensureWatch } from '../intents/watch';
import { applyTransition } from '../machine/apply';
import type { StoreTx } from '../ports';
import { catalogOffersForSku } from '../resolve/offers';
import type { Observation } from '../schemas/intent';
import type { IntentDoc, TriggerFired } from '../schemas/intent-doc';
import type { InventoryReportDoc, ReportInventoryInput } from '../schemas/inventory';
import { watchIdOf } from '../schemas/watch';
import { isoTime } from '../util/time';
import type { WaitingReason } from '../vocabulary';
import { beforeDateRange } from './conditions';

const WATCHING = new Set(['active', 'waiting']);

/** Where a fired procurement buys: a page the monitor watches, or a merchant's API by sku. */
type Supplier = { kind: 'page'; url: string } | { kind: 'merchant'; merchant: string } | null;

export interface Started {
  intentId: string;
  attempt: number;
}

/**
 * POST /v1/inventory_levels (CONTRACT §15): stores the report and compares the sku's level with
 * the trigger of every watching procurement intent on that sku, in the caller's transaction. At
 * or below the threshold the intent fires once (the report is latched on it, so ten reports fire
 * it once); above, it waits with INVENTORY_ABOVE_THRESHOLD. Returns the attempts opened, to be
 * started after commit.
 */
export async function reportInventory(
  tx: StoreTx,
  ctx: EngineContext,
  caller: Caller,
  input: ReportInventoryInput,
): Promise<{ report: ReturnType<typeof reportView>; started: Started[] }> {
  const { report, level } = await recordReport(tx, ctx, caller, input);
  const started: Started[] = [];
  if (level) {
    const intents = await tx.query<IntentDoc>('intents', {
      index: 'by_trigger_sku',
      prefix: [caller.scope, input.sku],
    });
    for (const intent of intents.filter((i) => WATCHING.has(i.status))) {
      const outcome = await compare(tx, ctx, intent, report, level);
      if (outcome === 'fired') report.triggered_intents.push(intent.intent_id);
      if (typeof outcome === 'object') {
        report.triggered_intents.push(intent.intent_id);
        started.push(outcome);
      }
    }
  }
  await saveReport(tx, report);
  return { report: reportView(report), started };
}

async function compare(
  tx: StoreTx,
  ctx: EngineContext,
  intent: IntentDoc,
  report: InventoryReportDoc,
  level: SkuLevel,
): Promise<'fired' | 'unchanged' | Started> {
  const threshold = intent.conditions.trigger!.threshold;
  const observation: Observation = {
    price_cents: null,
    currency: null,
    availability: 'unknown',
    merchant: null,
    observed_at: level.observed_at,
    source: 'inventory_report',
    inventory: { sku: level.sku, quantity: level.quantity, threshold, report_id: report.report_id },
  };
  if (level.quantity > threshold) {
    // Restocked before the purchase started: the supplier's page is no longer watched for it.
    await wait(tx, ctx, intent, 'INVENTORY_ABOVE_THRESHOLD', observation, {
      watch_id: null,
      trigger_fired: null,
    });
    return 'unchanged';
  }
  // Fired for a page: the monitor's watch buys from here on. Bought by sku, an attempt that ended
  // without buying (out of stock at checkout, declined) is tried again on the next report.
  if (intent.trigger_fired && intent.watch_id) return 'unchanged';
  const fired: TriggerFired = {
    report_id: report.report_id,
    sku: level.sku,
    quantity: level.quantity,
    threshold,
    observed_at: level.observed_at,
  };
  const supplier = await supplierOf(tx, intent);
  if (!supplier) {
    await wait(tx, ctx, intent, 'SUPPLIER_UNKNOWN', observation, {});
    return 'unchanged';
  }
  if (supplier.kind === 'page') {
    const watchId = watchIdOf(supplier.url, intent.livemode);
    await ensureWatch(
      tx,
      { watch_id: watchId, url: supplier.url, livemode: intent.livemode, variant: null },
      ctx.clock.now(),
    );
    await touch(tx, ctx, intent, {
      watch_id: watchId,
      trigger_fired: fired,
      last_observation: observation,
    });
    return 'fired';
  }
  // Bought by sku, nothing watches a page: before its dates it waits for a report inside them.
  if (beforeDateRange(intent.conditions, ctx.clock.now())) {
    await wait(tx, ctx, intent, 'OUTSIDE_DATE_RANGE', observation, {});
    return 'unchanged';
  }
  return startAt(tx, ctx, intent, supplier.merchant, fired, observation);
}

/** The item's page if given, else the first allowed merchant, else the catalog's first offer. */
async function supplierOf(tx: StoreTx, intent: IntentDoc): Promise<Supplier> {
  const item = intent.objective.procurement!.item;
  if (item.product_url) return { kind: 'page', url: item.product_url };
  const merchant = intent.guardrails.allowed_merchants?.[0];
  if (merchant) return { kind: 'merchant', merchant };
  const [offer] = await catalogOffersForSku(tx, intent.livemode, item.sku);
  return offer ? { kind: 'page', url: offer.url } : null;
}

/** Buys from a merchant's API by the item's sku: price limits bind at its checkout. */
async function startAt(
  tx: StoreTx,
  ctx: EngineContext,
  intent: IntentDoc,
  merchant: string,
  fired: TriggerFired,
  observation: Observation,
): Promise<Started | 'unchanged'> {
  const attempt = (intent.latest_execution?.attempt ?? 0) + 1;
  const applied = await applyTransition(
    tx,
    ctx,
    intent.intent_id,
    'start_execution',
    // No page was read: the merchant's checkout gives the price, checked before paying.
    {
      attempt,
      price_cents: null,
      currency: null,
      availability: 'unknown',
      merchant,
      trigger: fired,
    },
    {
      waiting_reason: null,
      trigger_fired: fired,
      last_observation: observation,
      latest_execution: {
        attempt,
        step: 'create_checkout',
        status: 'running',
        total_cents: null,
        merchant,
        last_error: null,
      },
    },
  );
  if (!applied || !ctx.executor) return 'unchanged';
  await ctx.executor.openOffer(tx, applied.intent, {
    merchant,
    sku: intent.objective.procurement!.item.sku,
    productUrl: null,
  });
  return { intentId: intent.intent_id, attempt };
}

/** Waits with a reason; the event is written only when the reason changes (CONTRACT §8). */
async function wait(
  tx: StoreTx,
  ctx: EngineContext,
  intent: IntentDoc,
  reason: WaitingReason,
  observation: Observation,
  patch: Partial<IntentDoc>,
) {
  const full = { ...patch, last_observation: observation };
  if (intent.status === 'waiting' && intent.waiting_reason === reason) {
    await touch(tx, ctx, intent, full);
    return;
  }
  const { inventory } = observation;
  await applyTransition(
    tx,
    ctx,
    intent.intent_id,
    'conditions_unmet',
    {
      reason,
      quantity: inventory!.quantity,
      threshold: inventory!.threshold,
      report_id: inventory!.report_id,
    },
    { ...full, waiting_reason: reason },
  );
}

/** Updates fields other than the status: the machine alone changes that. */
async function touch(
  tx: StoreTx,
  ctx: EngineContext,
  intent: IntentDoc,
  patch: Partial<IntentDoc>,
) {
  const current = (await tx.get<IntentDoc>('intents', intent.intent_id)) ?? intent;
  await tx.put('intents', {
    ...current,
    ...patch,
    updated_at: isoTime(ctx.clock.now()),
    version: current.version + 1,
  });
}
