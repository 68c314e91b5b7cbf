import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ApiCall } from '../../../components/messages';
import { backgroundFetch } from '../../../components/api/background-fetch';
import { createV1Client } from '../../../components/api/client';
import { ApiError } from '../../../components/api/errors';

const intent = { object: 'intent', intent_id: 'int_1', status: 'active', request_id: 'req_1' };

const bodies: string[] = [];

function answering(status: number, body: unknown) {
  bodies.length = 0;
  return vi.fn(async (input: Request | string | URL, init?: RequestInit) => {
    bodies.push(await new Request(input, init).text());
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
}

const sent = (fetch: ReturnType<typeof answering>, call = 0) =>
  fetch.mock.calls[call]![0] as Request;

describe('v1 client', () => {
  it('sends an Idempotency-Key with every create: a new one per call, or the one given', async () => {
    const fetch = answering(201, intent);
    const client = createV1Client(fetch);
    await client.createIntent({ type: 'purchase', external_user_id: 'u', objective: {} });
    await client.createIntent({ type: 'purchase', external_user_id: 'u', objective: {} });
    await client.createIntent(
      { type: 'purchase', external_user_id: 'u', objective: {} },
      { idempotencyKey: 'retry-me' },
    );
    const keys = [0, 1, 2].map((i) => sent(fetch, i).headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe('retry-me');
    expect(sent(fetch).method).toBe('POST');
    expect(new URL(sent(fetch).url).pathname).toBe('/v1/intents');
    expect(sent(fetch).headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('builds paths and queries (undefined parameters left out, ids encoded)', async () => {
    const fetch = answering(200, { object: 'list', data: [] });
    const client = createV1Client(fetch);
    await client.listIntents({
      status: 'requires_user_action',
      limit: 5,
      starting_after: undefined,
    });
    await client.listEvents('int_1', { cursor: 'evt_9' });
    await client.priceHistory('int/../x');
    await client.resumeIntent('int_1', { type: 'otp', completed: true, code: '123456' });
    const url = (i: number) => new URL(sent(fetch, i).url);
    expect(url(0).pathname + url(0).search).toBe('/v1/intents?status=requires_user_action&limit=5');
    expect(url(1).pathname + url(1).search).toBe('/v1/intents/int_1/events?cursor=evt_9');
    expect(url(2).pathname).toBe('/v1/intents/int%2F..%2Fx/price_history');
    expect(JSON.parse(bodies[3]!)).toEqual({
      user_action: { type: 'otp', completed: true, code: '123456' },
    });
    // A resume carries no Idempotency-Key: its body holds the OTP, which is never stored.
    expect(sent(fetch, 3).headers.get('idempotency-key')).toBeNull();
  });

  it('asks the catalog with POST /v1/resolve/products (a search: no Idempotency-Key)', async () => {
    const fetch = answering(200, { candidates: [], request_id: 'req_1' });
    const answer = await createV1Client(fetch).resolveProducts({
      query: '4006381333931',
      identifiers: { sku: 'KET-17' },
      limit: 5,
    });
    expect(answer.candidates).toEqual([]);
    expect(sent(fetch).method).toBe('POST');
    expect(new URL(sent(fetch).url).pathname).toBe('/v1/resolve/products');
    expect(JSON.parse(bodies[0]!)).toEqual({
      query: '4006381333931',
      identifiers: { sku: 'KET-17' },
      limit: 5,
    });
    expect(sent(fetch).headers.get('idempotency-key')).toBeNull();
  });

  it('throws ApiError with the fields of the API error body', async () => {
    const client = createV1Client(
      answering(400, {
        error: {
          type: 'invalid_request_error',
          code: 'parameter_invalid',
          message: 'objective.product.product_url must be an absolute http(s) URL.',
          param: 'objective.product.product_url',
        },
        request_id: 'req_42',
      }),
    );
    const error = await client.getIntent('int_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'parameter_invalid',
      type: 'invalid_request_error',
      param: 'objective.product.product_url',
      requestId: 'req_42',
      message: 'objective.product.product_url must be an absolute http(s) URL.',
    });
  });

  it('says the address is wrong when a 200 answer is a web page, not the API', async () => {
    const client = createV1Client(
      vi.fn(async () => new Response('<!doctype html><title>Dashboard</title>', { status: 200 })),
    );
    const error = await client.listIntents().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, code: 'not_an_api' });
    expect((error as ApiError).message).toContain('Check the server address in the options');
  });

  it('turns a missing answer into ApiError engine_unreachable', async () => {
    const client = createV1Client(async () => {
      throw new TypeError('The extension background did not answer.');
    });
    const error = await client.paymentMethods().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', status: 0, code: 'engine_unreachable' });
  });
});

describe('backgroundFetch', () => {
  it('serialises the request into an ApiCall and rebuilds the Response from the ApiReply', async () => {
    const calls: ApiCall[] = [];
    fakeBrowser.runtime.onMessage.addListener((message, _sender, sendResponse) => {
      calls.push(message as ApiCall);
      sendResponse({
        status: 201,
        headers: { 'content-type': 'application/json', 'x-request-id': 'req_7' },
        body: '{"ok":true}',
      });
      return true;
    });
    const response = await backgroundFetch('https://anything.invalid/v1/intents?limit=2', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'k' },
      body: '{"a":1}',
    });
    expect(calls).toEqual([
      {
        type: 'api',
        method: 'POST',
        path: '/v1/intents?limit=2',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'k' },
        body: '{"a":1}',
      },
    ]);
    expect(response.status).toBe(201);
    expect(response.headers.get('x-request-id')).toBe('req_7');
    expect(await response.json()).toEqual({ ok: true });
  });

  it('rejects like fetch when the background refuses or does not answer', async () => {
    fakeBrowser.runtime.onMessage.addListener((_message, _sender, sendResponse) => {
      sendResponse({ error: { code: 'sender_not_allowed', message: 'Only our pages.' } });
      return true;
    });
    await expect(backgroundFetch('https://x.invalid/v1/intents')).rejects.toThrow(
      'Only our pages.',
    );
  });
});
