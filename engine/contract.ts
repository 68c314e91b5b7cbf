/**
 * The wire contract of the v1 API for its clients (the extension's pages, a remote client): the
 * types of requests and responses, inferred from the zod schemas that validate and document them,
 * and the engine's plain lists. Types only, plus lists from import-free modules: nothing here
 * brings engine code into a page's bundle (lint refuses any other export here).
 */
import type { Extraction as ExtractionShape } from './extract/types';
import type { ErrorBody } from './api/schemas';
import type {
  ExecutionSummary as ExecutionSummaryShape,
  IntentList as IntentListSchema,
  IntentRecord,
  NextAction as NextActionShape,
  Observation as ObservationShape,
} from './schemas/intent';
import type { EventList as EventListSchema, EventRecord } from './schemas/event';
import type { CreateIntentInput, ResumeInput } from './schemas/intent-input';
import type { PaymentMethodList as PaymentMethodListSchema } from './schemas/payment-method';
import type { PriceHistory as PriceHistorySchema } from './schemas/price-history';
import type { ReceiptRecord } from './schemas/receipt';
import type {
  ProductCandidate as ProductCandidateShape,
  ResolveProductsInput,
  ResolveProductsResponse as ResolveProductsResponseSchema,
} from './schemas/resolve';
import type { z } from './schemas/zod';

export {
  AVAILABILITIES,
  EVENT_TYPES,
  EXECUTION_STATUSES,
  EXECUTION_STEPS,
  EXTRACTION_SOURCES,
  STATUSES,
  TERMINAL_STATUSES,
  USER_ACTION_TYPES,
  WAITING_REASONS,
  type Availability,
  type EventType,
  type ExecutionStatus,
  type ExecutionStep,
  type Status,
  type UserActionType,
  type WaitingReason,
} from './vocabulary';
export { minorUnits } from './money';

/** GET /v1/intents/{id}, and the body of create, cancel and resume. */
export type Intent = z.infer<typeof IntentRecord>;
/** GET /v1/intents */
export type IntentList = z.infer<typeof IntentListSchema>;
export type IntentListItem = IntentList['data'][number];
export type NextAction = z.infer<typeof NextActionShape>;
export type Observation = z.infer<typeof ObservationShape>;
export type ExecutionSummary = z.infer<typeof ExecutionSummaryShape>;
/** POST /v1/intents */
export type CreateIntentRequest = CreateIntentInput;
/** POST /v1/intents/{id}/resume: its `user_action`. */
export type UserAction = ResumeInput['user_action'];
/** GET /v1/intents/{id}/events */
export type Event = z.infer<typeof EventRecord>;
export type EventList = z.infer<typeof EventListSchema>;
/** GET /v1/intents/{id}/price_history */
export type PriceHistory = z.infer<typeof PriceHistorySchema>;
export type PricePoint = PriceHistory['data'][number];
/** GET /v1/intents/{id}/receipt */
export type Receipt = z.infer<typeof ReceiptRecord>;
/** GET /v1/payment_methods */
export type PaymentMethodList = z.infer<typeof PaymentMethodListSchema>;
export type PaymentMethod = PaymentMethodList['data'][number];
/** POST /v1/resolve/products */
export type ResolveProductsRequest = ResolveProductsInput;
export type ResolveProductsResponse = z.infer<typeof ResolveProductsResponseSchema>;
export type ProductCandidate = ProductCandidateShape;
export type CatalogOffer = ProductCandidate['offers'][number];
/** Every error answer (CONTRACT §4). */
export type ApiErrorBody = z.infer<typeof ErrorBody>;
/** What the engine's page reader (engine/extract) finds on a product page. */
export type Extraction = ExtractionShape;
