import { describe, expect, it } from 'vitest';
import { intentBody, testApi } from '../support/api';

const hook = (overrides: Record<string, unknown> = {}) => ({
  url: 'http://127.0.0.1:9/hooks',
  ...overrides,
});

const outbox = (api: Awaited<ReturnType<typeof testApi>>) =>
  api.engine.ctx.store.query<{ event_id: string; endpoint_id: string }>('webhook_outbox', {
    index: 'by_due',
    prefix: [],
  });

describe('webhook endpoints', () => {
  it('creates an endpoint with a secret shown once, then reads, lists, updates and deletes it', async () => {
    const api = await testApi();
    const created = await api.call('POST', '/v1/webhook_endpoints', { body: hook() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: 'webhook_endpoint',
      url: 'http://127.0.0.1:9/hooks',
      enabled_events: ['*'],
      status: 'enabled',
      livemode: false,
    });
    expect(created.body.id).toMatch(/^we_/);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const id = created.body.id as string;

    const got = await api.call('GET', `/v1/webhook_endpoints/${id}`);
    expect(got.status).toBe(200);
    expect(got.body.secret).toBeUndefined();
    const list = await api.call('GET', '/v1/webhook_endpoints');
    expect(list.body).toMatchObject({ object: 'list', has_more: false, next_cursor: null });
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([id]);

    const patched = await api.call('PATCH', `/v1/webhook_endpoints/${id}`, {
      body: { enabled_events: ['intent.succeeded'], status: 'disabled' },
    });
    expect(patched.body).toMatchObject({
      enabled_events: ['intent.succeeded'],
      status: 'disabled',
    });
    const enabled = await api.call('PATCH', `/v1/webhook_endpoints/${id}`, {
      body: { status: 'enabled' },
    });
    expect(enabled.body).toMatchObject({ status: 'enabled', disabled_reason: null });

    const deleted = await api.call('DELETE', `/v1/webhook_endpoints/${id}`);
    expect(deleted.body).toMatchObject({ id, deleted: true });
    expect((await api.call('GET', `/v1/webhook_endpoints/${id}`)).status).toBe(404);
  });

  it('refuses unknown event types naming them, and a 17th endpoint', async () => {
    const api = await testApi();
    const bad = await api.call('POST', '/v1/webhook_endpoints', {
      body: hook({ enabled_events: ['intent.created', 'intent.exploded'] }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'parameter_invalid', param: 'enabled_events' });
    expect(bad.body.error.message).toContain('intent.exploded');
    for (let i = 0; i < 16; i++) {
      expect((await api.call('POST', '/v1/webhook_endpoints', { body: hook() })).status).toBe(201);
    }
    const seventeenth = await api.call('POST', '/v1/webhook_endpoints', { body: hook() });
    expect(seventeenth.status).toBe(400);
    expect(seventeenth.body.error.message).toContain('16');
  });

  it('in live mode refuses http and non-public addresses; test mode allows loopback', async () => {
    const api = await testApi();
    const { key } = await api.engine.keys.create('acme-live', true);
    for (const url of [
      'http://hooks.example.com/x',
      'https://127.0.0.1/x',
      'https://[::ffff:169.254.169.254]/x',
      'https://10.0.0.8/x',
      'https://localhost/x',
    ]) {
      const res = await api.call('POST', '/v1/webhook_endpoints', { key, body: { url } });
      expect(res.status, url).toBe(400);
      expect(res.body.error.param).toBe('url');
    }
    const ok = await api.call('POST', '/v1/webhook_endpoints', {
      key,
      body: { url: 'https://hooks.example.com/x' },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.livemode).toBe(true);
  });

  it('refuses fields in the body of a write that takes none', async () => {
    const api = await testApi();
    const created = await api.call('POST', '/v1/webhook_endpoints', { body: hook() });
    const res = await api.call('POST', `/v1/webhook_endpoints/${created.body.id}/rotate_secret`, {
      body: { secret: 'whsec_mine' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'parameter_unknown', param: 'secret' });
    const empty = await api.call('POST', `/v1/webhook_endpoints/${created.body.id}/rotate_secret`, {
      body: {},
    });
    expect(empty.status).toBe(200);
  });

  it("is partner-scoped: another partner's endpoint answers 404", async () => {
    const api = await testApi();
    const { key } = await api.engine.keys.create('other');
    const created = await api.call('POST', '/v1/webhook_endpoints', { body: hook() });
    const res = await api.call('GET', `/v1/webhook_endpoints/${created.body.id}`, { key });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({
      code: 'resource_missing',
      param: 'webhook_endpoint_id',
    });
  });
});

describe('the webhook outbox', () => {
  it('gets one row per matching enabled endpoint, in the transaction of the event', async () => {
    const api = await testApi();
    const all = await api.call('POST', '/v1/webhook_endpoints', { body: hook() });
    const succeededOnly = await api.call('POST', '/v1/webhook_endpoints', {
      body: hook({ enabled_events: ['intent.succeeded'] }),
    });
    const off = await api.call('POST', '/v1/webhook_endpoints', { body: hook() });
    await api.call('PATCH', `/v1/webhook_endpoints/${off.body.id}`, {
      body: { status: 'disabled' },
    });
    const intent = await api.call('POST', '/v1/intents', { body: intentBody() });
    const rows = await outbox(api);
    expect(rows.map((r) => r.endpoint_id)).toEqual([all.body.id]);
    const events = await api.call('GET', `/v1/intents/${intent.body.intent_id}/events`);
    expect(rows[0]!.event_id).toBe(events.body.events[0].event_id);
    expect(succeededOnly.status).toBe(201);
  });

  it('gets nothing when the event rolls back', async () => {
    const api = await testApi();
    await api.call('POST', '/v1/webhook_endpoints', { body: hook() });
    const bad = await api.call('POST', '/v1/intents', {
      body: intentBody({ external_user_id: '' }),
    });
    expect(bad.status).toBe(400);
    expect(await outbox(api)).toEqual([]);
  });
});

describe('GET /v1/events', () => {
  it('lists the partner events newest first, filtered and paged', async () => {
    const api = await testApi();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      api.clock.advance(1000);
      ids.push((await api.call('POST', '/v1/intents', { body: intentBody() })).body.intent_id);
    }
    const page1 = await api.call('GET', '/v1/events?limit=2');
    expect(page1.status).toBe(200);
    expect(page1.body.data.map((e: { intent_id: string }) => e.intent_id)).toEqual([
      ids[2],
      ids[1],
    ]);
    expect(page1.body.has_more).toBe(true);
    const page2 = await api.call(
      'GET',
      `/v1/events?limit=2&starting_after=${page1.body.next_cursor}`,
    );
    expect(page2.body.data.map((e: { intent_id: string }) => e.intent_id)).toEqual([ids[0]]);
    expect(page2.body.has_more).toBe(false);
    const one = await api.call('GET', `/v1/events?intent_id=${ids[1]}&type=intent.created`);
    expect(one.body.data).toHaveLength(1);
    const since = page1.body.data[1].timestamp as string;
    const recent = await api.call('GET', `/v1/events?created[gte]=${since}`);
    expect(recent.body.data).toHaveLength(2);
    const { key } = await api.engine.keys.create('other');
    expect((await api.call('GET', '/v1/events', { key })).body.data).toEqual([]);
    expect((await api.call('GET', '/v1/events?type=nope')).status).toBe(400);
  });

  it('takes created[gte] only as an RFC 3339 time with an offset, naming it otherwise', async () => {
    const api = await testApi();
    for (const loose of [
      '2026',
      'November 29 2026',
      'Sun, 29 Nov 2026 18:00:00 GMT',
      '2026-11-29T18:28:00',
      '2026-02-30T00:00:00Z',
      '2026-11-29T24:00:00Z',
      '9999-12-31T23:59:59-01:00',
    ]) {
      const res = await api.call('GET', `/v1/events?created[gte]=${encodeURIComponent(loose)}`);
      expect(res.status, loose).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'parameter_invalid', param: 'created[gte]' });
    }
    const plus = encodeURIComponent('2026-11-29T18:28:00+01:00');
    expect((await api.call('GET', `/v1/events?created[gte]=${plus}`)).status).toBe(200);
  });
});
