import { describe, expect, it } from 'vitest';
import { applyTransition } from '../../engine/index';
import { intentBody, testApi } from '../support/api';

/** An intent with `extra` more events than intent.created, made by real transitions. */
async function withEvents(extra: number) {
  const api = await testApi();
  const created = await api.call('POST', '/v1/intents', { body: intentBody() });
  const id = created.body.intent_id as string;
  const { ctx } = api.engine;
  for (let i = 0; i < extra; i++) {
    api.clock.advance(1000);
    await ctx.store.transact((tx) =>
      applyTransition(
        tx,
        ctx,
        id,
        'conditions_unmet',
        { reason: `REASON_${i}` },
        { waiting_reason: `REASON_${i}` },
      ),
    );
  }
  return { ...api, id };
}

const types = (body: { events: { data: { reason?: string } }[] }) =>
  body.events.map((e) => e.data.reason ?? 'created');

describe('GET /v1/intents/{id}/events', () => {
  it('lists oldest first with the documented envelope', async () => {
    const { call, id } = await withEvents(2);
    const res = await call('GET', `/v1/intents/${id}/events`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ intent_id: id, next_cursor: null, has_more: false });
    expect(types(res.body)).toEqual(['created', 'REASON_0', 'REASON_1']);
    expect(res.body.events[1]).toMatchObject({
      object: 'event',
      type: 'intent.waiting',
      intent_id: id,
      livemode: false,
    });
    expect(Object.keys(res.body.events[0]).sort()).toEqual([
      'data',
      'event_id',
      'intent_id',
      'livemode',
      'object',
      'timestamp',
      'type',
    ]);
  });

  it('pages with next_cursor and ends with null', async () => {
    const { call, id } = await withEvents(6);
    const first = await call('GET', `/v1/intents/${id}/events?limit=3`);
    expect(first.body.events).toHaveLength(3);
    expect(first.body.has_more).toBe(true);
    expect(first.body.next_cursor).toBe(first.body.events[2].event_id);
    const second = await call(
      'GET',
      `/v1/intents/${id}/events?limit=3&cursor=${first.body.next_cursor}`,
    );
    expect(types(second.body)).toEqual(['REASON_2', 'REASON_3', 'REASON_4']);
    const third = await call(
      'GET',
      `/v1/intents/${id}/events?limit=3&cursor=${second.body.next_cursor}`,
    );
    expect(types(third.body)).toEqual(['REASON_5']);
    expect(third.body.next_cursor).toBeNull();
    expect(third.body.has_more).toBe(false);
  });

  it('lets a poller pass the last event id to get only newer events', async () => {
    const { call, id, engine, clock } = await withEvents(1);
    const page = await call('GET', `/v1/intents/${id}/events`);
    const last = page.body.events.at(-1).event_id;
    expect((await call('GET', `/v1/intents/${id}/events?cursor=${last}`)).body.events).toEqual([]);
    clock.advance(1000);
    await call('POST', `/v1/intents/${id}/cancel`);
    const newer = await call('GET', `/v1/intents/${id}/events?cursor=${last}`);
    expect(newer.body.events.map((e: { type: string }) => e.type)).toEqual(['intent.canceled']);
    expect(engine).toBeDefined();
  });

  it('defaults to 50 and allows up to 200', async () => {
    const { call, id } = await withEvents(60);
    expect((await call('GET', `/v1/intents/${id}/events`)).body.events).toHaveLength(50);
    expect((await call('GET', `/v1/intents/${id}/events?limit=200`)).body.events).toHaveLength(61);
  });

  it.each(['limit=0', 'limit=201', 'cursor=evt_unknown'])('answers 400 for %s', async (query) => {
    const { call, id } = await withEvents(0);
    const res = await call('GET', `/v1/intents/${id}/events?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('parameter_invalid');
  });

  it("refuses another intent's event as cursor", async () => {
    const { call, id } = await withEvents(0);
    const otherIntent = await call('POST', '/v1/intents', { body: intentBody() });
    const otherEvents = await call('GET', `/v1/intents/${otherIntent.body.intent_id}/events`);
    const res = await call(
      'GET',
      `/v1/intents/${id}/events?cursor=${otherEvents.body.events[0].event_id}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.param).toBe('cursor');
  });

  it('answers 404 for an unknown intent', async () => {
    const { call } = await testApi();
    const res = await call('GET', '/v1/intents/int_missing/events');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('resource_missing');
  });
});
