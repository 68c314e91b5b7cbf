import { describe, expect, it } from 'vitest';
import { intentBody, testApi } from '../support/api';

describe('authentication', () => {
  it('answers 401 authentication_required with WWW-Authenticate when no key is sent', async () => {
    const { call } = await testApi();
    const res = await call('GET', '/v1/intents', { key: null });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({
      type: 'authentication_error',
      code: 'authentication_required',
    });
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(res.body.request_id).toMatch(/^req_/);
  });

  it('answers 401 invalid_api_key for an unknown key', async () => {
    const { call } = await testApi();
    const res = await call('GET', '/v1/intents', {
      key: 'sk_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('invalid_api_key');
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('answers 401 for a malformed Authorization header', async () => {
    const { call } = await testApi();
    const res = await call('GET', '/v1/intents', {
      key: null,
      headers: { Authorization: 'Basic Zm9vOmJhcg==' },
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('authentication_required');
  });

  it('never accepts a key in the query string', async () => {
    const { call, key } = await testApi();
    const res = await call('GET', `/v1/intents?api_key=${key}`, { key: null });
    expect(res.status).toBe(401);
  });

  it('refuses a revoked key', async () => {
    const { call, engine, key } = await testApi();
    expect((await call('GET', '/v1/intents')).status).toBe(200);
    await engine.keys.revoke(key.slice(0, 16));
    const res = await call('GET', '/v1/intents');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('invalid_api_key');
  });

  it('revokes by the whole key only when it is the key, and by a piece of its prefix', async () => {
    const { call, engine, key } = await testApi();
    const madeUp = key.slice(0, 16) + 'x'.repeat(key.length - 16);
    await expect(engine.keys.revoke(madeUp)).rejects.toThrow(/check the whole key/);
    expect((await call('GET', '/v1/intents')).status).toBe(200);
    await engine.keys.revoke(key);
    expect((await call('GET', '/v1/intents')).status).toBe(401);
    const other = await engine.keys.create('other');
    await engine.keys.revoke(other.key.slice(0, 12));
    expect((await call('GET', '/v1/intents', { key: other.key })).status).toBe(401);
  });

  it('authenticates before validating, so a stranger learns nothing about the body', async () => {
    const { call } = await testApi();
    const res = await call('POST', '/v1/intents', {
      key: null,
      raw: 'not json',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(401);
  });

  it('stores only a hash of the key', async () => {
    const { engine, key } = await testApi();
    const [record] = await engine.keys.list();
    expect(JSON.stringify(record)).not.toContain(key);
    expect(record!.prefix).toBe(key.slice(0, 16));
  });
});

describe('partner isolation', () => {
  async function twoPartners() {
    const api = await testApi();
    const other = (await api.engine.keys.create('globex')).key;
    const created = await api.call('POST', '/v1/intents', { body: intentBody() });
    return { ...api, other, id: created.body.intent_id as string };
  }

  it.each([
    ['GET', ''],
    ['GET', '/events'],
    ['GET', '/receipt'],
    ['POST', '/cancel'],
    ['POST', '/resume'],
  ])(
    "answers 404 to another partner's %s /intents/{id}%s exactly as for a missing id",
    async (method, suffix) => {
      const { call, other, id } = await twoPartners();
      const body =
        suffix === '/resume'
          ? { user_action: { type: 'otp', completed: true, code: '000000' } }
          : undefined;
      const foreign = await call(method, `/v1/intents/${id}${suffix}`, {
        key: other,
        ...(body ? { body } : {}),
      });
      const missing = await call(method, `/v1/intents/int_01M81D8FYAQP8QXJDJRA5CKVKZ${suffix}`, {
        key: other,
        ...(body ? { body } : {}),
      });
      expect(foreign.status).toBe(404);
      expect(foreign.body.error.code).toBe('resource_missing');
      expect(foreign.body.error.message.replace(id, 'ID')).toBe(
        missing.body.error.message.replace(/int_\w+/, 'ID'),
      );
    },
  );

  it('has no side effect when another partner tries to cancel', async () => {
    const { call, other, id } = await twoPartners();
    await call('POST', `/v1/intents/${id}/cancel`, { key: other });
    const mine = await call('GET', `/v1/intents/${id}`);
    expect(mine.body.status).toBe('active');
    const events = await call('GET', `/v1/intents/${id}/events`);
    expect(events.body.events).toHaveLength(1);
  });

  it("never lists another partner's intents, even with a filter", async () => {
    const { call, other } = await twoPartners();
    const list = await call('GET', '/v1/intents?external_user_id=user_1', { key: other });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
  });

  it('refuses another partner intent as a list cursor', async () => {
    const { call, other, id } = await twoPartners();
    const res = await call('GET', `/v1/intents?starting_after=${id}`, { key: other });
    expect(res.status).toBe(400);
    expect(res.body.error.param).toBe('starting_after');
  });

  it('keeps test and live objects apart for one partner', async () => {
    const { call, engine, id } = await twoPartners();
    const live = (await engine.keys.create('acme', true)).key;
    expect((await call('GET', `/v1/intents/${id}`, { key: live })).status).toBe(404);
    const created = await call('POST', '/v1/intents', {
      key: live,
      body: intentBody({ payment: undefined }),
    });
    expect(created.status).toBe(201);
    expect(created.body.livemode).toBe(true);
  });

  it('refuses test payment methods in live mode', async () => {
    const { call, engine } = await testApi();
    const live = (await engine.keys.create('acme', true)).key;
    const res = await call('POST', '/v1/intents', { key: live, body: intentBody() });
    expect(res.status).toBe(400);
    expect(res.body.error.param).toBe('payment.payment_method_id');
  });
});
