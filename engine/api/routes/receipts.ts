import { EngineError } from '../../errors';
import { loadIntent } from '../../intents/service';
import { defineEndpoint } from '../endpoint';
import { ReceiptRecord } from '../../schemas/receipt';

export const getReceipt = defineEndpoint({
  method: 'get',
  path: '/intents/{intent_id}/receipt',
  operationId: 'getIntentReceipt',
  summary: 'Retrieve the signed receipt of a succeeded intent',
  tag: 'Receipts',
  success: { status: 200, schema: ReceiptRecord, description: 'The receipt.' },
  errors: ['resource_missing', 'receipt_not_available'],
  handle: async (c, { params }) => {
    const ctx = c.get('ctx');
    const caller = c.get('caller');
    const intent = await loadIntent(ctx.store, caller, params.intent_id!);
    const receipt = intent.receipt_id
      ? await ctx.store.get('receipts', intent.receipt_id)
      : undefined;
    if (!receipt) {
      throw new EngineError(
        'receipt_not_available',
        `Intent ${intent.intent_id} is ${intent.status}; a receipt exists only once it has succeeded.`,
      );
    }
    const { scope: _scope, ...view } = receipt;
    return c.json({ ...view, request_id: c.get('requestId') });
  },
});
