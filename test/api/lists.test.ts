import { describe, expect, it } from 'vitest';
import { intentBody, testApi } from '../support/api';

async function seeded(count: number, user = (i: number) => `user_${i % 2}`) {
  const api = await testApi();
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    api.clock.advance(1000);
    const res = await api.call('POST', '/v1/intents', {
      body: intentBody({ external_user_id: user(i) }),
    });
    ids.push(res.body.intent_id);
  }
  return { ...api, ids };
}

describe('GET /v1/intents', () => {
  it('lists newest first with the list envelope', async () => {
    const { call, ids } = await seeded(3);
    const res = await call('GET', '/v1/intents');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'list', has_more: false, next_cursor: null });
    expect(res.body.data.map((i: { intent_id: string }) => i.intent_id)).toEqual(
      [...ids].reverse(),
    );
    expect(res.body.data[0].request_id).toBeUndefined();
    expect(res.body.request_id).toMatch(/^req_/);
  });

  it('defaults to 10 items and pages with starting_after until the end', async () => {
    const { call, ids } = await seeded(23);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: {
        body: { data: { intent_id: string }[]; next_cursor: string | null; has_more: boolean };
      } = await call('GET', `/v1/intents${cursor ? `?starting_after=${cursor}` : ''}`);
      pages++;
      seen.push(...res.body.data.map((i) => i.intent_id));
      expect(res.body.has_more).toBe(res.body.next_cursor !== null);
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
  });

  it('honours limit', async () => {
    const { call, ids } = await seeded(5);
    const res = await call('GET', '/v1/intents?limit=2');
    expect(res.body.data).toHaveLength(2);
    expect(res.body.has_more).toBe(true);
    expect(res.body.next_cursor).toBe(ids[3]);
  });

  it('filters by external_user_id and status', async () => {
    const { call, ids } = await seeded(6);
    await call('POST', `/v1/intents/${ids[0]}/cancel`);
    const user0 = await call('GET', '/v1/intents?external_user_id=user_0');
    expect(user0.body.data.map((i: { intent_id: string }) => i.intent_id)).toEqual([
      ids[4],
      ids[2],
      ids[0],
    ]);
    const canceled = await call('GET', '/v1/intents?status=canceled');
    expect(canceled.body.data.map((i: { intent_id: string }) => i.intent_id)).toEqual([ids[0]]);
    const both = await call('GET', '/v1/intents?status=active&external_user_id=user_0');
    expect(both.body.data.map((i: { intent_id: string }) => i.intent_id)).toEqual([ids[4], ids[2]]);
  });

  it('pages a user + status filter across many intents without losing or repeating any', async () => {
    const { call, ids } = await seeded(130, () => 'same_user');
    const canceled = ids.filter((_, i) => i % 3 === 0);
    for (const id of canceled) await call('POST', `/v1/intents/${id}/cancel`);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: {
        body: { data: { intent_id: string; status: string }[]; next_cursor: string | null };
      } = await call(
        'GET',
        `/v1/intents?external_user_id=same_user&status=canceled&limit=7${cursor ? `&starting_after=${cursor}` : ''}`,
      );
      expect(res.body.data.every((i) => i.status === 'canceled')).toBe(true);
      seen.push(...res.body.data.map((i) => i.intent_id));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...canceled].reverse());
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['status=sleeping', 'status'],
    ['starting_after=int_nope', 'starting_after'],
  ])('answers 400 for %s, never clamping', async (query, param) => {
    const { call } = await seeded(1);
    const res = await call('GET', `/v1/intents?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('parameter_invalid');
    expect(res.body.error.param).toBe(param);
  });

  it('accepts the limit bounds 1 and 100', async () => {
    const { call } = await seeded(2);
    expect((await call('GET', '/v1/intents?limit=1')).body.data).toHaveLength(1);
    expect((await call('GET', '/v1/intents?limit=100')).status).toBe(200);
  });

  it('answers 400 parameter_unknown for an unknown query parameter', async () => {
    const { call } = await seeded(1);
    const res = await call('GET', '/v1/intents?user=1');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'parameter_unknown', param: 'user' });
  });
});
