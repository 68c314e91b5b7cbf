import type { IntentDoc } from '../../schemas/intent-doc';
import { loadIntent } from '../../intents/service';
import { LIMITS } from '../../limits';
import { defineEndpoint } from '../endpoint';
import { z } from '../../schemas/zod';
import { limitParam } from './params';
import { PriceHistory } from '../../schemas/price-history';
import { watchIdOf } from '../../schemas/watch';

interface ObservationDoc {
  [field: string]: unknown;
  observation_id: string;
  observed_at: string;
  price_cents: number | null;
  currency: string | null;
  availability: string;
}

/** The price/stock history of the page an intent watches (a point per change, at least hourly). */
export const getPriceHistory = defineEndpoint({
  method: 'get',
  path: '/intents/{intent_id}/price_history',
  operationId: 'getIntentPriceHistory',
  summary: "Price and stock history of the intent's product page, oldest first",
  description:
    'A point is recorded when price, currency or stock change, and at most hourly otherwise. The last `limit` points are returned.',
  tag: 'Intents',
  query: z.strictObject({ limit: limitParam(100, LIMITS.eventsLimit.max) }),
  success: { status: 200, schema: PriceHistory, description: 'The history.' },
  errors: ['resource_missing', 'parameter_invalid', 'parameter_unknown'],
  handle: async (c, { params, query }) => {
    const ctx = c.get('ctx');
    const intent = await loadIntent(ctx.store, c.get('caller'), params.intent_id!);
    const points = intent.objective.product?.product_url
      ? await ctx.store.query<ObservationDoc>('observations', {
          index: 'by_watch',
          prefix: [watchOf(intent)],
          order: 'desc',
          limit: query.limit,
        })
      : [];
    return c.json({
      object: 'list' as const,
      intent_id: intent.intent_id,
      data: points.reverse().map(({ observed_at, price_cents, currency, availability }) => ({
        observed_at,
        price_cents,
        currency,
        availability,
      })),
      request_id: c.get('requestId'),
    });
  },
});

/** The watch id is derived again: the intent's watch_id is cleared once it ends. */
const watchOf = (intent: IntentDoc) =>
  watchIdOf(
    intent.objective.product!.product_url!,
    intent.livemode,
    intent.objective.product?.variant ?? null,
  );
