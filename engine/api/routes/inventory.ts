import { loadSkuLevel } from '../../inventory/reports';
import { reportInventory, type Started } from '../../monitor/procure';
import {
  InventoryLevelRecord,
  InventoryReportRecord,
  ReportInventoryBody,
} from '../../schemas/inventory';
import { commit } from '../commit';
import { defineEndpoint } from '../endpoint';

const TAG = 'Inventory';

export const reportInventoryLevel = defineEndpoint({
  method: 'post',
  path: '/inventory_levels',
  operationId: 'reportInventoryLevel',
  summary: 'Report the stock level of a sku',
  description:
    'Stores the report and checks the trigger of every waiting procurement intent on the sku: at or below its threshold the intent becomes eligible to buy (once); above it, it waits with INVENTORY_ABOVE_THRESHOLD. A report older than the latest one for its sku and location is stored but triggers nothing.',
  tag: TAG,
  body: ReportInventoryBody,
  success: { status: 201, schema: InventoryReportRecord, description: 'The stored report.' },
  errors: ['parameter_missing', 'parameter_invalid', 'parameter_unknown'],
  handle: async (c, { body }) => {
    const ctx = c.get('ctx');
    let started: Started[] = [];
    const response = await commit(c, 201, async (tx) => {
      const outcome = await reportInventory(tx, ctx, c.get('caller'), body);
      started = outcome.started;
      return outcome.report;
    });
    for (const { intentId, attempt } of started) ctx.executor?.startIntent(intentId, attempt);
    return response;
  },
});

export const getInventoryLevel = defineEndpoint({
  method: 'get',
  path: '/inventory_levels/{sku}',
  operationId: 'getInventoryLevel',
  summary: 'Retrieve the latest stock level of a sku and its last 100 reports',
  tag: TAG,
  success: { status: 200, schema: InventoryLevelRecord, description: 'The level.' },
  errors: ['resource_missing'],
  handle: async (c, { params }) =>
    c.json({
      ...(await loadSkuLevel(c.get('ctx').store, c.get('caller'), params.sku!)),
      request_id: c.get('requestId'),
    }),
});
