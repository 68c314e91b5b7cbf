import { EngineError } from '../../errors';
import { IntentList, IntentRecord } from '../../schemas/intent';
import {
  CancelIntentBody,
  CreateIntentBody,
  ResumeIntentBody,
  type CreateIntentInput,
} from '../../schemas/intent-input';
import { cancelIntent, insertIntent, listIntents, prepareIntent } from '../../intents/service';
import { callerIntentViewJson, loadIntentView, toIntentView } from '../../intents/view';
import { LIMITS } from '../../limits';
import { STATUSES } from '../../vocabulary';
import type { IntentDoc } from '../../schemas/intent-doc';
import type { Caller } from '../../caller';
import type { EngineContext } from '../../context';
import type { StoreTx } from '../../ports';
import { commit } from '../commit';
import { jsonText, withRequestId } from '../json-text';
import { defineEndpoint } from '../endpoint';
import { z } from '../../schemas/zod';
import { limitParam } from './params';

const TAG = 'Intents';

export const createIntent = defineEndpoint({
  method: 'post',
  path: '/intents',
  operationId: 'createIntent',
  summary: 'Create a purchase intent',
  description:
    'Records the intent and starts monitoring it. v1 supports `type: purchase` only; `reservation` answers 400 unsupported_intent_type.',
  tag: TAG,
  success: { status: 201, schema: IntentRecord, description: 'The intent, `active`.' },
  errors: [
    'parameter_missing',
    'parameter_invalid',
    'parameter_unknown',
    'unsupported_intent_type',
    // objective.product.product_id names no catalog product of this mode.
    { code: 'resource_missing', status: 400 },
  ],
  body: CreateIntentBody,
  // The type decides everything else, so a reservation is refused before any field error.
  precheck: (raw) => {
    if (raw.type === 'reservation') {
      throw new EngineError(
        'unsupported_intent_type',
        "v1 supports type 'purchase' only; reservation intents come in a later version.",
        'type',
      );
    }
  },
  handle: async (c, { body }) =>
    commit(c, 201, await createIntentUnit(c.get('ctx'), c.get('caller'), body)),
});

/**
 * The create's own work, routed or not (intent-create.ts): the intent prepared from the validated
 * body, then the unit that stores it with its watch and event and answers its view.
 */
export async function createIntentUnit(
  ctx: EngineContext,
  caller: Caller,
  body: CreateIntentInput,
) {
  const intent = await prepareIntent(ctx, caller, body);
  return async (tx: StoreTx) => toIntentView(await insertIntent(tx, ctx, intent));
}

const ListQuery = z.strictObject({
  external_user_id: z.string().min(1).max(LIMITS.externalUserIdLength).optional(),
  status: z.enum(STATUSES).optional(),
  limit: limitParam(LIMITS.listLimit.default, LIMITS.listLimit.max),
  starting_after: z
    .string()
    .min(1)
    .optional()
    .openapi({ description: 'An intent id: the page starts after it.' }),
});

export const listIntentsEndpoint = defineEndpoint({
  method: 'get',
  path: '/intents',
  operationId: 'listIntents',
  summary: 'List intents, newest first',
  tag: TAG,
  query: ListQuery,
  success: { status: 200, schema: IntentList, description: 'A page of intents.' },
  errors: ['parameter_invalid', 'parameter_unknown'],
  handle: async (c, { query }) => {
    const { page, hasMore, nextCursor } = await listIntents(c.get('ctx'), c.get('caller'), query);
    return c.json({
      object: 'list' as const,
      data: await Promise.all(page.map((doc) => loadIntentView(c.get('ctx').store, doc))),
      has_more: hasMore,
      next_cursor: nextCursor,
      request_id: c.get('requestId'),
    });
  },
});

export const getIntent = defineEndpoint({
  method: 'get',
  path: '/intents/{intent_id}',
  operationId: 'getIntent',
  summary: 'Retrieve an intent',
  description:
    'Current state, the last observation of the product and the latest execution summary.',
  tag: TAG,
  success: { status: 200, schema: IntentRecord, description: 'The intent.' },
  errors: ['resource_missing'],
  handle: async (c, { params }) => {
    const view = await callerIntentViewJson(c.get('ctx').store, c.get('caller'), params.intent_id!);
    return jsonText(c, withRequestId(view, c.get('requestId')), 200);
  },
});

export const cancelIntentEndpoint = defineEndpoint({
  method: 'post',
  path: '/intents/{intent_id}/cancel',
  operationId: 'cancelIntent',
  summary: 'Cancel an intent',
  description:
    'Stops monitoring and execution. The body may be empty. A terminal intent answers 409.',
  tag: TAG,
  body: CancelIntentBody,
  bodyRequired: false,
  success: { status: 200, schema: IntentRecord, description: 'The intent, `canceled`.' },
  errors: ['resource_missing', 'intent_not_cancelable', 'parameter_unknown'],
  handle: async (c, { body, params }) =>
    commit(c, 200, async (tx) =>
      loadIntentView(
        tx,
        await cancelIntent(
          tx,
          c.get('ctx'),
          c.get('caller'),
          params.intent_id!,
          body.cancellation_reason,
        ),
      ),
    ),
});

export const resumeIntentEndpoint = defineEndpoint({
  method: 'post',
  path: '/intents/{intent_id}/resume',
  operationId: 'resumeIntent',
  summary: 'Answer the action an intent is waiting for',
  description:
    'Only while `requires_user_action`; `user_action.type` must equal `next_action.type`. `completed: false` means the user declined: the intent returns to waiting (USER_DECLINED).',
  tag: TAG,
  body: ResumeIntentBody,
  success: { status: 200, schema: IntentRecord, description: 'The intent after the answer.' },
  errors: [
    'resource_missing',
    'intent_not_resumable',
    'parameter_missing',
    'parameter_invalid',
    'parameter_unknown',
  ],
  handle: async (c, { body, params }) => {
    const ctx = c.get('ctx');
    return commit(
      c,
      200,
      async (tx) => loadIntentView(tx, (await tx.get<IntentDoc>('intents', params.intent_id!))!),
      (unit) => ctx.executor!.answer(c.get('caller'), params.intent_id!, body.user_action, unit),
    );
  },
});
