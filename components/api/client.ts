/**
 * The v1 client of the popup and options pages. Its types come from engine/contract.ts (types
 * only, erased at build time), so no engine code reaches the page bundles; requests go through `backgroundFetch`, i.e.
 * the background, which holds the credentials.
 */
import ky from 'ky';
import type {
  CreateIntentRequest,
  EventList,
  Intent,
  IntentList,
  PaymentMethodList,
  PriceHistory,
  Receipt,
  ResolveProductsRequest,
  ResolveProductsResponse,
  UserAction,
} from '../../engine/contract';
import { backgroundFetch, type FetchLike } from './background-fetch';
import { ApiError } from './errors';

export type { Intent, PriceHistory, Receipt, UserAction };
export type IntentListPage = IntentList;
export type IntentListItem = IntentList['data'][number];
export type IntentStatus = Intent['status'];
export type EventListPage = EventList;
export type PaymentMethods = PaymentMethodList;
export type PaymentMethod = PaymentMethods['data'][number];
export type CreateIntentBody = CreateIntentRequest;

export interface ListIntentsParams {
  external_user_id?: string;
  status?: IntentStatus;
  limit?: number;
  starting_after?: string;
}

/** The origin is never contacted: `backgroundFetch` only forwards path and query. */
const BASE = 'https://engine.invalid/v1/';
const TIMEOUT_MS = 60_000;

type Query = Record<string, string | number | undefined>;

function searchParams(query: Query = {}): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined),
  ) as Record<string, string | number>;
}

const id = (value: string) => encodeURIComponent(value);

export function createV1Client(fetchImpl: FetchLike = backgroundFetch) {
  const http = ky.create({
    prefixUrl: BASE,
    fetch: fetchImpl,
    retry: 0,
    timeout: TIMEOUT_MS,
    throwHttpErrors: false,
  });

  async function request<T>(
    method: 'get' | 'post',
    path: string,
    options: { query?: Query; json?: unknown; idempotencyKey?: string } = {},
  ): Promise<T> {
    let response: Response;
    try {
      response = await http(path, {
        method,
        searchParams: searchParams(options.query),
        ...(options.json === undefined ? {} : { json: options.json }),
        ...(options.idempotencyKey
          ? { headers: { 'Idempotency-Key': options.idempotencyKey } }
          : {}),
      });
    } catch (error) {
      throw ApiError.unreachable(error);
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: reported below as an unexpected answer
    }
    if (!response.ok) throw ApiError.fromResponse(response.status, body);
    if (body === null) throw ApiError.notAnApi(response.status);
    return body as T;
  }

  return {
    /** Newest first; pass `next_cursor` as `starting_after` for the next page. */
    listIntents: (params: ListIntentsParams = {}) =>
      request<IntentListPage>('get', 'intents', { query: { ...params } }),
    getIntent: (intentId: string) => request<Intent>('get', `intents/${id(intentId)}`),
    /** Always idempotent: a key is generated per call unless given (reuse it to retry safely). */
    createIntent: (body: CreateIntentBody, options: { idempotencyKey?: string } = {}) =>
      request<Intent>('post', 'intents', {
        json: body,
        idempotencyKey: options.idempotencyKey ?? crypto.randomUUID(),
      }),
    cancelIntent: (intentId: string, options: { cancellation_reason?: string } = {}) =>
      request<Intent>('post', `intents/${id(intentId)}/cancel`, { json: options }),
    /** Answers the intent's next_action (OTP code, 3DS, confirmation); the code is never stored. */
    resumeIntent: (intentId: string, user_action: UserAction) =>
      request<Intent>('post', `intents/${id(intentId)}/resume`, { json: { user_action } }),
    /** Oldest first; pass the last `event_id` seen (or `next_cursor`) as `cursor` to page or poll. */
    listEvents: (intentId: string, params: { cursor?: string; limit?: number } = {}) =>
      request<EventListPage>('get', `intents/${id(intentId)}/events`, { query: { ...params } }),
    getReceipt: (intentId: string) => request<Receipt>('get', `intents/${id(intentId)}/receipt`),
    /** Price and stock points of the watched page, oldest first (the last `limit`, default 100). */
    priceHistory: (intentId: string, params: { limit?: number } = {}) =>
      request<PriceHistory>('get', `intents/${id(intentId)}/price_history`, {
        query: { ...params },
      }),
    paymentMethods: () => request<PaymentMethods>('get', 'payment_methods'),
    /** Catalog candidates for what a page or a user names; a search, so no Idempotency-Key. */
    resolveProducts: (body: ResolveProductsRequest) =>
      request<ResolveProductsResponse>('post', 'resolve/products', { json: body }),
  };
}

export type V1Client = ReturnType<typeof createV1Client>;
export { ApiError };
