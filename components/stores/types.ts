/**
 * The shapes the popup and options read: the v1 client's types (which come from the engine's
 * zod schemas, type-only) and the background messages'. Only the engine's plain list of terminal
 * states (engine/contract.ts) reaches the bundle.
 */
import type {
  CreateIntentBody,
  IntentListItem,
  PaymentMethod as ApiPaymentMethod,
  PriceHistory,
  Receipt,
  UserAction,
} from '../api/client';
import { TERMINAL_STATUSES } from '../../engine/contract';
import type { CaptureReply, Extraction, Settings } from '../messages';

/** An intent as listed (list items carry no request_id; a full record is assignable to it). */
export type Intent = IntentListItem;
export type IntentStatus = Intent['status'];
export type UserActionType = NonNullable<Intent['next_action']>['type'];
export type PricePoint = PriceHistory['data'][number];
/** What a payment method select needs; the built-in fallback list has only ids. */
export type PaymentMethod = Pick<ApiPaymentMethod, 'id' | 'brand' | 'last4' | 'description'>;
export type { CaptureReply, CreateIntentBody, Extraction, Receipt, Settings, UserAction };

export const isTerminal = (status: IntentStatus) => TERMINAL_STATUSES.includes(status);

/** The user id the extension files every intent under. */
export const EXTENSION_USER = 'extension-user';
