import { invalid } from '../../errors';
import { listEvents, toEventView, type EventDoc } from '../../events/log';
import { EventList } from '../../schemas/event';
import { loadIntent } from '../../intents/service';
import { LIMITS } from '../../limits';
import { defineEndpoint } from '../endpoint';
import { z } from '../../schemas/zod';
import { limitParam } from './params';

const EventsQuery = z.strictObject({
  limit: limitParam(LIMITS.eventsLimit.default, LIMITS.eventsLimit.max),
  cursor: z.string().min(1).optional().openapi({
    description:
      'An event id (a prior `next_cursor`, or the last event seen): the page starts after it.',
  }),
});

export const listIntentEvents = defineEndpoint({
  method: 'get',
  path: '/intents/{intent_id}/events',
  operationId: 'listIntentEvents',
  summary: "List an intent's events, oldest first",
  description:
    '`next_cursor` is null once the page reaches the end of the log; to poll for newer events pass the last `event_id` you saw as `cursor`.',
  tag: 'Events',
  query: EventsQuery,
  success: { status: 200, schema: EventList, description: 'A page of events.' },
  errors: ['resource_missing', 'parameter_invalid', 'parameter_unknown'],
  handle: async (c, { params, query }) => {
    const ctx = c.get('ctx');
    const caller = c.get('caller');
    const intent = await loadIntent(ctx.store, caller, params.intent_id!);
    if (query.cursor) {
      const anchor = await ctx.store.get<EventDoc>('events', query.cursor);
      if (!anchor || anchor.intent_id !== intent.intent_id) {
        throw invalid(
          'cursor',
          `cursor must be an event id of ${intent.intent_id}; '${query.cursor}' is not.`,
        );
      }
    }
    const rows = await listEvents(ctx.store, intent.intent_id, {
      ...(query.cursor ? { afterEventId: query.cursor } : {}),
      limit: query.limit + 1,
    });
    const events = rows.slice(0, query.limit);
    const hasMore = rows.length > query.limit;
    return c.json({
      request_id: c.get('requestId'),
      intent_id: intent.intent_id,
      events: events.map(toEventView),
      next_cursor: hasMore ? events[events.length - 1]!.event_id : null,
      has_more: hasMore,
    });
  },
});
