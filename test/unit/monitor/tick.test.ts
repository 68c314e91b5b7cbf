import { describe, expect, it } from 'vitest';
import type { Fetcher, Scheduler } from '../../../engine/index';
import { createMonitor } from '../../../engine/monitor/monitor';
import { intentBody, testApi } from '../../support/api';
import { jsonLd, page, productWithOffers } from '../extract/pages';

const PAGE = page(
  '<h1>Kettle</h1>',
  jsonLd(productWithOffers('Kettle', [{ sku: 'k', price: 80 }])),
);

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** A scheduler whose ticks the test fires by hand. */
function manualScheduler() {
  const tasks: (() => Promise<void> | void)[] = [];
  const scheduler: Scheduler = {
    every(_intervalMs, task) {
      tasks.push(task);
      return () => void tasks.splice(tasks.indexOf(task), 1);
    },
  };
  return { scheduler, tick: () => Promise.all(tasks.map((task) => task())) };
}

/** A monitor whose page fetch waits for `fetchGate`, started on a manual scheduler. */
async function setup(everyTick: () => Promise<void>) {
  const api = await testApi();
  const fetchGate = gate();
  const fetcher: Fetcher = {
    async fetch({ url }) {
      await fetchGate.opened;
      return { status: 200, url, headers: {}, body: PAGE };
    },
  };
  const monitor = createMonitor(api.engine.ctx, {
    fetcherFor: () => fetcher,
    intervalMs: 60_000,
    jitter: 0,
  });
  expect((await api.call('POST', '/v1/intents', { body: intentBody() })).status).toBe(201);
  const { scheduler, tick } = manualScheduler();
  const stop = monitor.start(scheduler, 1000, () => {}, everyTick);
  return { fetchGate, tick, stop };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('monitor ticks', () => {
  it('run the take-over on every tick while a slow round is still running', async () => {
    let turns = 0;
    const { fetchGate, tick, stop } = await setup(async () => void turns++);
    void tick(); // starts a round that waits for its page
    await settle();
    expect(turns).toBe(1);
    await tick();
    await tick();
    expect(turns).toBe(3);
    fetchGate.open();
    await stop();
  });

  it('never run two take-overs at once', async () => {
    let turns = 0;
    const takeOverGate = gate();
    const { fetchGate, tick, stop } = await setup(async () => {
      turns++;
      await takeOverGate.opened;
    });
    void tick();
    void tick();
    void tick();
    await settle();
    expect(turns).toBe(1);
    takeOverGate.open();
    fetchGate.open();
    await settle();
    await stop();
  });
});
