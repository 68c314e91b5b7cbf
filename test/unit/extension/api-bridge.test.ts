import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { ApiReply } from '../../../components/messages';
import { createV1Client } from '../../../components/api/client';
import { ApiError } from '../../../components/api/errors';
import { intentBody, startBackground } from './support';

const json = (reply: ApiReply) => JSON.parse(reply.body);

describe('api bridge, built-in mode (the real engine on fake-indexeddb)', () => {
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    stop = undefined;
  });

  it('creates and lists an intent through ApiCall messages, with the local key', async () => {
    const bg = startBackground();
    stop = bg.stop;
    const created = ApiReply.parse(
      await bg.send({
        type: 'api',
        method: 'POST',
        path: '/v1/intents',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'create-1' },
        body: JSON.stringify(intentBody('https://shop.example.com/products/kettle')),
      }),
    );
    expect(created.status).toBe(201);
    expect(created.headers['x-request-id']).toMatch(/^req_/);
    const intent = json(created);
    expect(intent).toMatchObject({ object: 'intent', status: 'active', livemode: false });

    const listed = ApiReply.parse(
      await bg.send({ type: 'api', method: 'GET', path: '/v1/intents?limit=10', headers: {} }),
    );
    expect(listed.status).toBe(200);
    expect(json(listed).data.map((item: { intent_id: string }) => item.intent_id)).toEqual([
      intent.intent_id,
    ]);
  });

  it('ignores an Authorization header set by the page', async () => {
    const bg = startBackground();
    stop = bg.stop;
    const reply = ApiReply.parse(
      await bg.send({
        type: 'api',
        method: 'GET',
        path: '/v1/payment_methods',
        headers: { authorization: 'Bearer sk_test_forged' },
      }),
    );
    expect(reply.status).toBe(200);
  });

  it('answers API errors in the API error shape', async () => {
    const bg = startBackground();
    stop = bg.stop;
    const reply = ApiReply.parse(
      await bg.send({ type: 'api', method: 'GET', path: '/v1/intents/int_missing', headers: {} }),
    );
    expect(reply.status).toBe(404);
    expect(json(reply).error.code).toBe('resource_missing');
  });

  it('serves the v1 client end to end (client -> backgroundFetch -> message -> engine)', async () => {
    const bg = startBackground();
    stop = bg.stop;
    bg.connectPages();
    const client = createV1Client();
    const intent = await client.createIntent(
      intentBody('https://shop.example.com/products/kettle') as never,
    );
    expect(intent.status).toBe('active');
    const page = await client.listIntents({ external_user_id: 'extension-user', limit: 5 });
    expect(page.data.map((item) => item.intent_id)).toEqual([intent.intent_id]);
    expect((await client.getIntent(intent.intent_id)).intent_id).toBe(intent.intent_id);
    const events = await client.listEvents(intent.intent_id);
    expect(events.events.map((event) => event.type)).toContain('intent.created');
    const canceled = await client.cancelIntent(intent.intent_id);
    expect(canceled.status).toBe('canceled');
    const error = await client.cancelIntent(intent.intent_id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'intent_not_cancelable' });
    expect((error as ApiError).requestId).toMatch(/^req_/);
    const methods = await client.paymentMethods();
    expect(methods.data.map((method) => method.id)).toContain('pm_card_visa');
  });
});

describe('service worker restart', () => {
  it('a new worker on the same database sees the intents, with the same local key', async () => {
    const first = startBackground({ dbName: 'extension-test-restart' });
    const created = ApiReply.parse(
      await first.send({
        type: 'api',
        method: 'POST',
        path: '/v1/intents',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(intentBody('https://shop.example.com/products/kettle')),
      }),
    );
    const key = (await browser.storage.local.get('local_api_key')).local_api_key;
    await first.stop(); // the worker goes away; IndexedDB and storage stay

    const second = startBackground({ dbName: 'extension-test-restart' });
    try {
      await second.background.wake();
      const listed = ApiReply.parse(
        await second.send({ type: 'api', method: 'GET', path: '/v1/intents', headers: {} }),
      );
      expect(json(listed).data.map((item: { intent_id: string }) => item.intent_id)).toEqual([
        json(created).intent_id,
      ]);
      expect((await browser.storage.local.get('local_api_key')).local_api_key).toBe(key);
    } finally {
      await second.stop();
    }
  });
});

describe('api bridge, remote mode', () => {
  const configure = async (bg: ReturnType<typeof startBackground>) =>
    bg.send({
      type: 'settings.set',
      settings: { mode: 'remote', remote_base_url: 'https://intents.example.com/v1/' },
      remote_api_key: 'sk_test_remote',
    });

  it('forwards to remote_base_url with the stored remote key, not the page headers', async () => {
    const remoteFetch = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response('{"object":"list","data":[]}', {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'req_remote' },
        }),
    );
    const bg = startBackground({ remoteFetch });
    await configure(bg);
    const reply = ApiReply.parse(
      await bg.send({
        type: 'api',
        method: 'GET',
        path: '/v1/intents?limit=3',
        headers: { authorization: 'Bearer forged', 'x-evil': '1' },
      }),
    );
    expect(reply).toMatchObject({ status: 200, headers: { 'x-request-id': 'req_remote' } });
    const call = remoteFetch.mock.calls.find(([url]) => url.includes('limit=3'))!;
    expect(call[0]).toBe('https://intents.example.com/v1/intents?limit=3');
    const headers = new Headers(call[1].headers);
    expect(headers.get('authorization')).toBe('Bearer sk_test_remote');
    expect(headers.get('x-evil')).toBeNull();
    expect(bg.background.host.opened).toBe(false);
  });

  it('answers 503 engine_unreachable in the API error shape when the server is down', async () => {
    const bg = startBackground({
      remoteFetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await configure(bg);
    const reply = ApiReply.parse(
      await bg.send({ type: 'api', method: 'GET', path: '/v1/intents', headers: {} }),
    );
    expect(reply.status).toBe(503);
    expect(json(reply)).toEqual({
      error: {
        type: 'api_error',
        code: 'engine_unreachable',
        message: expect.stringContaining('https://intents.example.com'),
      },
      request_id: null,
    });
  });
});
