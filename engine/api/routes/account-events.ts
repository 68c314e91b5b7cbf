import { invalid } from '../../errors';
import { toEventView, type EventDoc } from '../../events/log';
import { LIMITS } from '../../limits';
import type { StoreReader } from '../../ports';
import { AccountEventList } from '../../schemas/webhook';
import { EVENT_TYPES, WEBHOOK_EVENT_TYPES } from '../../vocabulary';
import { defineEndpoint } from '../endpoint';
import { z } from '../../schemas/zod';
import { limitParam } from './params';
import { isRfc3339 } from '../../util/time';

const FeedQuery = z.strictObject({
  type: z.enum([...EVENT_TYPES, ...WEBHOOK_EVENT_TYPES]).optional(),
  intent_id: z.string().min(1).optional(),
  'created[gte]': z
    .string()
    .refine((value) => isRfc3339(value), {
      error: 'must be an RFC 3339 time with an offset, e.g. 2026-12-01T09:00:00Z',
    })
    .optional()
    .openapi({ description: 'Only events at or after this time (RFC 3339).' }),
  limit: limitParam(LIMITS.listLimit.default, LIMITS.listLimit.max),
  starting_after: z
    .string()
    .min(1)
    .optional()
    .openapi({ description: 'An event id (a prior `next_cursor`): the page starts after it.' }),
});
type FeedQuery = z.infer<typeof FeedQuery>;

export const listAccountEvents = defineEndpoint({
  method: 'get',
  path: '/events',
  operationId: 'listEvents',
  summary: "List the partner's events, newest first",
  description:
    'Every event of every intent, plus the webhook events, kept at least 30 days: a partner that was down replays from here. Filter by `type`, `intent_id`, `created[gte]`.',
  tag: 'Events',
  query: FeedQuery,
  success: { status: 200, schema: AccountEventList, description: 'A page of events.' },
  errors: ['parameter_invalid', 'parameter_unknown'],
  handle: async (c, { query }) => {
    const { store } = c.get('ctx');
    const scope = c.get('caller').scope;
    if (query.starting_after) {
      const anchor = await store.get<EventDoc>('events', query.starting_after);
      if (anchor?.scope !== scope) {
        throw invalid(
          'starting_after',
          `starting_after must be one of your event ids; '${query.starting_after}' is not.`,
        );
      }
    }
    const { page, hasMore } = await feedPage(store, scope, query);
    return c.json({
      object: 'list' as const,
      data: page.map(toEventView),
      has_more: hasMore,
      next_cursor: hasMore ? page[page.length - 1]!.event_id : null,
      request_id: c.get('requestId'),
    });
  },
});

/** Reads newest first in chunks until the page is full, the log older than `created[gte]` or done. */
async function feedPage(store: StoreReader, scope: string, query: FeedQuery) {
  const since = query['created[gte]'] ? Date.parse(query['created[gte]']) : -Infinity;
  const wanted = (e: EventDoc) =>
    (!query.type || e.type === query.type) && (!query.intent_id || e.intent_id === query.intent_id);
  const { index, prefix } = query.intent_id
    ? { index: 'by_intent', prefix: [query.intent_id] }
    : { index: 'by_scope', prefix: [scope] };
  const size = Math.max(query.limit + 1, 50);
  const rows: EventDoc[] = [];
  let after = query.starting_after;
  for (;;) {
    const chunk = await store.query<EventDoc>('events', {
      index,
      prefix,
      ...(after ? { range: { lt: after } } : {}),
      order: 'desc',
      limit: size,
    });
    const recent = chunk.filter((e) => Date.parse(e.timestamp) >= since);
    rows.push(...recent.filter((e) => e.scope === scope && wanted(e)));
    if (rows.length > query.limit || chunk.length < size || recent.length < chunk.length) break;
    after = chunk[chunk.length - 1]!.event_id;
  }
  return { page: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
}
