import type { AnyEndpoint } from '../endpoint';
import { listIntentEvents } from './events';
import {
  cancelIntentEndpoint,
  createIntent,
  getIntent,
  listIntentsEndpoint,
  resumeIntentEndpoint,
} from './intents';
import { getPriceHistory } from './observations';
import { listPaymentMethods } from './payment-methods';
import { getReceiptKeys } from './receipt-keys';
import { getReceipt } from './receipts';
import { getInventoryLevel, reportInventoryLevel } from './inventory';

/** Every v1 endpoint, in the order the OpenAPI document lists them. */
export const ENDPOINTS = [
  createIntent,
  listIntentsEndpoint,
  getIntent,
  cancelIntentEndpoint,
  resumeIntentEndpoint,
  listIntentEvents,
  getPriceHistory,
  getReceipt,
  getReceiptKeys,
  listPaymentMethods,
  reportInventoryLevel,
  getInventoryLevel,
] as unknown as AnyEndpoint[];
