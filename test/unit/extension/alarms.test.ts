import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  createAlarmScheduler,
  ensureAlarm,
} from '../../../engine/adapters/browser-alarms-scheduler';
import { REMOTE_POLL_ALARM } from '../../../entrypoints/background/background';
import { intentBody, productPage, startBackground } from './support';

const alarms = async () =>
  Object.fromEntries(
    (await fakeBrowser.alarms.getAll()).map((alarm) => [alarm.name, alarm.periodInMinutes]),
  );

describe('alarm scheduler (Scheduler port on chrome.alarms)', () => {
  it('creates a named repeating alarm, no shorter than the minimum, and dispatches to its task', async () => {
    const scheduler = createAlarmScheduler(fakeBrowser.alarms, {
      prefix: 'engine',
      minPeriodMs: () => 30_000,
    });
    const task = vi.fn(async () => undefined);
    scheduler.every(5_000, task);
    await scheduler.settled();
    expect(await alarms()).toEqual({ 'engine:0': 0.5 });
    expect(await scheduler.dispatch('engine:0')).toBe(true);
    expect(task).toHaveBeenCalledTimes(1);
    expect(await scheduler.dispatch('engine:7')).toBe(false);
  });

  it('keeps an existing alarm with the same period (a wake-up must not push it back)', async () => {
    await fakeBrowser.alarms.create('engine:0', { periodInMinutes: 2, when: 1_000 });
    const scheduler = createAlarmScheduler(fakeBrowser.alarms, {
      prefix: 'engine',
      minPeriodMs: () => 1_000,
    });
    scheduler.every(120_000, async () => undefined);
    await scheduler.settled();
    expect((await fakeBrowser.alarms.get('engine:0'))?.scheduledTime).toBe(1_000);
    await ensureAlarm(fakeBrowser.alarms, 'engine:0', 3);
    expect((await fakeBrowser.alarms.get('engine:0'))?.periodInMinutes).toBe(3);
  });

  it('stop() clears the alarm and forgets the task', async () => {
    const scheduler = createAlarmScheduler(fakeBrowser.alarms, {
      prefix: 'engine',
      minPeriodMs: () => 1_000,
    });
    const stop = scheduler.every(60_000, async () => undefined);
    await scheduler.settled();
    stop();
    await scheduler.settled();
    expect(await alarms()).toEqual({});
    expect(await scheduler.dispatch('engine:0')).toBe(false);
  });
});

describe('background alarms', () => {
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    stop = undefined;
  });

  it('re-creates the alarms when the mode or the interval changes, without a reload', async () => {
    const bg = startBackground({
      remoteFetch: async () => new Response('{"data":[]}', { status: 200 }),
    });
    stop = bg.stop;
    await bg.background.wake();
    // Built-in: a monitor round every half check interval (60 s -> 30 s, the packed minimum),
    // and the webhook dispatcher every 30 s.
    expect(await alarms()).toEqual({ 'engine:0': 0.5, 'engine:1': 0.5 });

    await bg.send({ type: 'settings.set', settings: { check_interval_seconds: 240 } });
    expect(await alarms()).toEqual({ 'engine:0': 2, 'engine:1': 0.5 });

    await bg.send({
      type: 'settings.set',
      settings: { mode: 'remote', remote_base_url: 'https://intents.example.com' },
      remote_api_key: 'sk_test_remote',
    });
    expect(await alarms()).toEqual({ [REMOTE_POLL_ALARM]: 4 });
    expect(bg.background.host.opened).toBe(false);

    await bg.send({ type: 'settings.set', settings: { mode: 'builtin' } });
    expect(await alarms()).toEqual({ 'engine:0': 2, 'engine:1': 0.5 });
    // Restarts let calls in flight finish first: nothing failed on a closed database.
    expect(bg.errors).toEqual([]);
  });

  it('an engine alarm runs a monitor round (the product page is fetched)', async () => {
    const url = 'https://shop.example.com/products/kettle';
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(productPage({ name: 'Kettle', price: '250.00' }), {
          status: 200,
          headers: { 'content-type': 'text/html; charset=utf-8' },
        }),
    );
    const bg = startBackground({ fetch });
    stop = bg.stop;
    const created = await bg.send<{ status: number }>({
      type: 'api',
      method: 'POST',
      path: '/v1/intents',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(intentBody(url)),
    });
    expect(created.status).toBe(201);
    fakeBrowser.alarms.onAlarm.addListener(bg.background.onAlarm);
    const alarm = (await fakeBrowser.alarms.get('engine:0'))!;
    await fakeBrowser.alarms.onAlarm.trigger(alarm);
    // onAlarm returns at once; the round runs on.
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(fetch.mock.calls[0]![0]).toBe(url);
    await vi.waitFor(async () => {
      const reply = await bg.send<{ body: string }>({
        type: 'api',
        method: 'GET',
        path: '/v1/intents',
        headers: {},
      });
      // 250.00 is above max_price_cents 200.00: the intent waits.
      expect(JSON.parse(reply.body).data[0].status).toBe('waiting');
    });
  });

  it('clears an engine alarm nobody owns (left by an older version)', async () => {
    const bg = startBackground();
    stop = bg.stop;
    await fakeBrowser.alarms.create('engine:5', { periodInMinutes: 1 });
    bg.background.onAlarm((await fakeBrowser.alarms.get('engine:5'))!);
    await vi.waitFor(async () => expect(await fakeBrowser.alarms.get('engine:5')).toBeUndefined());
  });
});
