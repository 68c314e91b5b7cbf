import type { EngineContext } from '../context';
import type { Caller } from '../caller';
import { EngineError, invalid, missing, missingReference } from '../errors';
import { catalogModeOf, type CatalogProductDoc } from '../schemas/catalog';
import { findPaymentMethod } from '../payments/methods';
import type { CreateIntentInput } from '../schemas/intent-input';
import { merchantIdOf } from '../util/merchant-id';
import { checkProductAddress } from './product-address';
import { dateRangeBounds } from './date-range';
import { checkBillingTerms, checkProcurement } from './procurement-rules';

/**
 * Rules that a schema alone cannot express (CONTRACT §15 and the v1 migration rules). Returns
 * the input normalised (merchant ids lower-cased, without `www.`); throws the first problem found.
 */
export async function checkCreateIntent(
  ctx: EngineContext,
  caller: Caller,
  input: CreateIntentInput,
): Promise<CreateIntentInput> {
  checkObjective(input.objective);
  checkProcurement(input);
  checkProductAddress(caller, ctx.network, input.objective.product?.product_url);
  checkProductAddress(
    caller,
    ctx.network,
    input.objective.procurement?.item.product_url,
    'objective.procurement.item.product_url',
  );
  const productId = input.objective.product?.product_id;
  if (productId) await checkProductExists(ctx, caller, productId);
  checkProductCurrency(input);
  const range = checkConditions(ctx, input.conditions);
  checkExpiry(ctx, input.guardrails?.expires_at);
  checkWindowsReachable(ctx, input.conditions, range, input.guardrails?.expires_at);
  checkPaymentMethod(caller, input.payment?.payment_method_id);
  checkBillingTerms(input.payment);
  return { ...input, guardrails: normaliseMerchants(input.guardrails) };
}

function checkObjective(objective: CreateIntentInput['objective']) {
  for (const kind of ['reservation', 'appointment'] as const) {
    if (objective[kind]) {
      throw new EngineError(
        'unsupported_intent_type',
        `v1 supports purchase intents only; objective.${kind} belongs to a reservation. Send objective.product or objective.procurement.`,
        `objective.${kind}`,
      );
    }
  }
  if (objective.product && objective.procurement) {
    throw invalid('objective', 'objective takes one of product or procurement, not both.');
  }
  if (!objective.product && !objective.procurement) {
    throw missing(
      'objective.product',
      'objective.product is required: give objective.product.product_url (or product_id from Resolve).',
    );
  }
  const product = objective.product;
  if (product && !product.product_url && !product.product_id) {
    throw missing(
      'objective.product.product_url',
      'objective.product needs product_url (the page to watch) or product_id (from POST /v1/resolve/products).',
    );
  }
  if (product?.product_id && product.product_url) {
    throw invalid(
      'objective.product.product_id',
      'objective.product takes product_url (one page) or product_id (every allowed offer of a catalog product), not both.',
    );
  }
  if (product?.product_id && product.variant) {
    throw invalid(
      'objective.product.variant',
      'objective.product.variant picks an offer on one page: send it with product_url, not with product_id.',
    );
  }
  if (
    product?.quantity !== undefined &&
    objective.quantity !== undefined &&
    product.quantity !== objective.quantity
  ) {
    throw invalid(
      'objective.quantity',
      `objective.quantity (${objective.quantity}) differs from objective.product.quantity (${product.quantity}); send one, or the same value in both.`,
    );
  }
}

/** The catalog is kept per mode: a test key cannot name a live product, nor the reverse. */
async function checkProductExists(ctx: EngineContext, caller: Caller, productId: string) {
  const product = await ctx.store.get<CatalogProductDoc>('products', productId);
  if (!product || product.mode !== catalogModeOf(caller.livemode)) {
    throw missingReference(
      'objective.product.product_id',
      `No such product: '${productId}'. Find canonical ids with POST /v1/resolve/products, or send product_url.`,
    );
  }
}

/**
 * A product_id intent compares offers of several merchants and caps them with max_price_cents and
 * max_charge_cents: as plain numbers, a £109 offer would beat a $110 one and be charged against a
 * limit meant in dollars. So it names the one currency it buys in; offers in another wait.
 */
function checkProductCurrency(input: CreateIntentInput) {
  if (!input.objective.product?.product_id || input.conditions?.currency) return;
  throw missing(
    'conditions.currency',
    'conditions.currency is required with objective.product.product_id: the offers of every merchant are compared, and capped by max_price_cents and payment.max_charge_cents, in one currency, and there is no conversion. Name it, e.g. "USD"; offers in another currency are not bought.',
  );
}

/** Checks the conditions on their own; returns the instants their date range covers, if any. */
function checkConditions(ctx: EngineContext, conditions: CreateIntentInput['conditions']) {
  conditions?.time_windows?.forEach((slot, i) => {
    if (Date.parse(slot.end) <= Date.parse(slot.start)) {
      throw invalid(
        `conditions.time_windows[${i}].end`,
        `conditions.time_windows[${i}].end must be after its start.`,
      );
    }
  });
  const range = conditions?.date_range;
  if (range && range.end < range.start) {
    throw invalid(
      'conditions.date_range.end',
      'conditions.date_range.end must not be before its start.',
    );
  }
  if (conditions?.time_zone && !range) {
    throw invalid(
      'conditions.time_zone',
      'conditions.time_zone says in which zone conditions.date_range is read; send date_range with it, or leave it out.',
    );
  }
  const bounds = conditions ? dateRangeBounds(conditions) : null;
  if (bounds && bounds.endMs <= ctx.clock.now()) {
    throw invalid(
      'conditions.date_range.end',
      'conditions.date_range.end has passed (in conditions.time_zone, UTC by default): nothing could ever be bought.',
    );
  }
  return bounds;
}

/**
 * Refuses time limits that leave no moment to buy in: every time window over, or the windows or
 * the date range beginning only once the intent has expired (as a date range over is refused).
 */
function checkWindowsReachable(
  ctx: EngineContext,
  conditions: CreateIntentInput['conditions'],
  range: ReturnType<typeof dateRangeBounds>,
  expiresAt: string | undefined,
) {
  const expiryMs = expiresAt ? Date.parse(expiresAt) : Infinity;
  const windows = conditions?.time_windows ?? [];
  const now = ctx.clock.now();
  if (windows.length > 0 && windows.every((slot) => Date.parse(slot.end) <= now)) {
    throw invalid(
      'conditions.time_windows',
      'Every window of conditions.time_windows has ended: nothing could ever be bought.',
    );
  }
  if (windows.length > 0 && windows.every((slot) => Date.parse(slot.start) >= expiryMs)) {
    throw invalid(
      'conditions.time_windows',
      'Every window of conditions.time_windows starts at or after guardrails.expires_at: the intent would expire before it could buy.',
    );
  }
  if (range && range.startMs >= expiryMs) {
    throw invalid(
      'conditions.date_range.start',
      'conditions.date_range.start begins at or after guardrails.expires_at: the intent would expire before it could buy.',
    );
  }
}

function checkExpiry(ctx: EngineContext, expiresAt: string | undefined) {
  if (expiresAt && Date.parse(expiresAt) <= ctx.clock.now()) {
    throw invalid('guardrails.expires_at', 'guardrails.expires_at must be in the future.');
  }
}

function checkPaymentMethod(caller: Caller, id: string | undefined) {
  if (id && !findPaymentMethod(caller.livemode, id)) {
    throw invalid(
      'payment.payment_method_id',
      `No such payment method: '${id}'. List the ones you may use with GET /v1/payment_methods.`,
    );
  }
}

function normaliseMerchants(guardrails: CreateIntentInput['guardrails']) {
  if (!guardrails?.allowed_merchants) return guardrails;
  const allowed = guardrails.allowed_merchants.map((value, i) => {
    const id = merchantIdOf(value);
    if (!id) {
      throw invalid(
        `guardrails.allowed_merchants[${i}]`,
        `guardrails.allowed_merchants[${i}] must be a merchant host name such as shop.example.com.`,
      );
    }
    return id;
  });
  return { ...guardrails, allowed_merchants: [...new Set(allowed)] };
}
