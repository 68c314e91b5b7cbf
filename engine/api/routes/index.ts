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
import { listAccountEvents } from './account-events';
import {
  resolveFacilitiesEndpoint,
  resolveProductsEndpoint,
  resolveVenuesEndpoint,
} from './resolve';
import {
  listWebhookDeliveries,
  retryWebhookDelivery,
  testWebhookEndpoint,
} from './webhook-deliveries';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from './webhook-endpoints';

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
  createWebhookEndpoint,
  listWebhookEndpoints,
  getWebhookEndpoint,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookSecret,
  testWebhookEndpoint,
  listWebhookDeliveries,
  retryWebhookDelivery,
  listAccountEvents,
  resolveProductsEndpoint,
  resolveVenuesEndpoint,
  resolveFacilitiesEndpoint,
] as unknown as AnyEndpoint[];
