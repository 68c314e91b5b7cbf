import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNodeEngine } from '../server/node-engine';
import { wireWebhookFetchers } from '../server/webhook-fetchers';
import { DELIVERIES_PER_ENDPOINT } from '../engine/webhooks/dispatcher';
import { signatureHeaders } from '../engine/webhooks/sign';
import type { WebhookEndpointDoc } from '../engine/schemas/webhook-endpoint';
import { createBody } from './api';
import { load, startIntentServer, type Load } from './http';

export interface WebhookBench {
  deliveries: { events: number; ms: number; perSecond: number };
  /** The same deliveries with everything of ours but signing and the HTTP client taken away. */
  floor: { events: number; ms: number; perSecond: number };
  createWithout: Load;
  createWith: Load;
  /**
   * The server with an endpoint, counting each round until every event it created is delivered:
   * its creates ÷ (load time + the time its dispatcher then needed to catch up).
   */
  sustained: { rps: number; catchUpMs: number; deliveredDuringLoad: number; created: number };
  rounds: number;
  /** Median over rounds of (create req/s with one enabled endpoint) / (without), same rounds. */
  ratio: number;
  /** The same with the sustained rate: the creates' webhooks delivered within the round. */
  sustainedRatio: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Until the receiver has had nothing for half a second (at most 30 s). */
async function quiet(sink: { count: () => number }) {
  for (let i = 0, last = -1; i < 60 && sink.count() !== last; i++) {
    last = sink.count();
    await sleep(500);
  }
}

/** A receiver on 127.0.0.1 that answers 204 to everything and counts. */
async function receiver() {
  let count = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    count: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Deliveries per second: `events` intents' created events, queued, then sent by one drain. */
async function deliveriesPerSecond(events: number) {
  const sink = await receiver();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-webhooks-'));
  const fetchers = wireWebhookFetchers({ allowPrivateNetwork: false });
  const engine = await createNodeEngine({
    store: { kind: 'sqlite', dataDir },
    api: { rateLimit: false },
    webhooks: { fetcherFor: fetchers.fetcherFor },
  });
  try {
    const { key } = await engine.keys.create('bench');
    const call = (path: string, body: string) =>
      engine.fetch(
        new Request(`http://api${path}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body,
        }),
      );
    await call('/v1/webhook_endpoints', JSON.stringify({ url: sink.url }));
    for (let i = 0; i < events; i += 50)
      await Promise.all(Array.from({ length: 50 }, () => call('/v1/intents', createBody)));
    const started = performance.now();
    await engine.webhooks!.drain();
    const ms = performance.now() - started;
    if (sink.count() < events) throw new Error(`only ${sink.count()} of ${events} delivered`);
    return { events, ms: Math.round(ms), perSecond: Math.round((events / ms) * 1000) };
  } finally {
    await engine.close();
    await fetchers.close();
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The floor of a delivery on this machine: the same events' bodies signed by Standard Webhooks and
 * POSTed through the same guarded fetcher to the same kind of receiver, 16 at a time (as to one
 * endpoint), with no store at all: no outbox read, no attempt recorded.
 */
async function deliveryFloor(events: number) {
  const sink = await receiver();
  const fetchers = wireWebhookFetchers({ allowPrivateNetwork: false });
  const fetcher = fetchers.fetcherFor(false);
  const endpoint = {
    secret: `whsec_${Buffer.from('bench-floor-secret-24-bytes!').toString('base64')}`,
  } as unknown as WebhookEndpointDoc;
  try {
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < events) {
        const i = next++;
        const body = JSON.stringify({
          object: 'event',
          event_id: `evt_floor_${i}`,
          type: 'intent.created',
          data: {},
        });
        await fetcher.fetch({
          url: sink.url,
          method: 'POST',
          headers: signatureHeaders(endpoint, `evt_floor_${i}`, body, Date.now()),
          body,
          redirect: 'manual',
          timeoutMs: 15_000,
          readAtMost: 64 * 1024,
        });
      }
    };
    await Promise.all(Array.from({ length: DELIVERIES_PER_ENDPOINT }, worker));
    const ms = performance.now() - started;
    return { events, ms: Math.round(ms), perSecond: Math.round((events / ms) * 1000) };
  } finally {
    await fetchers.close();
    await sink.close();
  }
}

/**
 * Create throughput of two servers loaded in turn, several rounds: one with an enabled webhook
 * endpoint (each create also writes an outbox row, and the dispatcher delivers while loaded), one
 * without. The ratio is taken per round and the median reported.
 */
export async function benchWebhooks(rounds = 3, seconds = 5): Promise<WebhookBench> {
  const deliveries = await deliveriesPerSecond(5000);
  const floor = await deliveryFloor(5000);
  const sink = await receiver();
  const plain = await startIntentServer();
  const hooked = await startIntentServer();
  try {
    const headersOf = (key: string) => ({
      Authorization: `Bearer ${key}`,
      'Content-Type': 'application/json',
    });
    const registered = await fetch(`${hooked.url}/v1/webhook_endpoints`, {
      method: 'POST',
      headers: headersOf(hooked.key),
      body: JSON.stringify({ url: sink.url }),
    });
    if (registered.status !== 201) throw new Error(`endpoint: ${await registered.text()}`);
    const target = (server: typeof plain) => ({
      url: `${server.url}/v1/intents`,
      method: 'POST' as const,
      headers: headersOf(server.key),
      body: createBody,
    });
    await load({ ...target(plain), duration: 2 });
    await load({ ...target(hooked), duration: 2 });
    const without: Load[] = [];
    const withHook: Load[] = [];
    const sustained: WebhookBench['sustained'][] = [];
    const ratios: number[] = [];
    const sustainedRatios: number[] = [];
    await quiet(sink); // what the warm-up created is delivered before the rounds start
    const loadHooked = async () => {
      const before = sink.count();
      const started = performance.now();
      const result = await load({ ...target(hooked), duration: seconds });
      const loaded = performance.now();
      const deliveredDuringLoad = sink.count() - before;
      while (sink.count() - before < result.ok) await sleep(5);
      const ms = performance.now() - started;
      const catchUpMs = Math.round(performance.now() - loaded);
      sustained.push({
        rps: (result.ok / ms) * 1000,
        catchUpMs,
        deliveredDuringLoad,
        created: result.ok,
      });
      return result;
    };
    for (let round = 0; round < rounds; round++) {
      // Alternate which goes first: the second of a pair runs on a fuller disk and warmer caches.
      const hookedFirst = round % 2 === 1;
      const plainLoad = () => load({ ...target(plain), duration: seconds });
      const one = hookedFirst ? await loadHooked() : await plainLoad();
      const two = hookedFirst ? await plainLoad() : await loadHooked();
      const [a, b] = hookedFirst ? [two, one] : [one, two];
      without.push(a);
      withHook.push(b);
      ratios.push(b.rps / a.rps);
      sustainedRatios.push(sustained.at(-1)!.rps / a.rps);
    }
    const median = <T>(values: T[], by: (v: T) => number) =>
      [...values].sort((x, y) => by(x) - by(y))[Math.floor(values.length / 2)]!;
    return {
      deliveries,
      floor,
      createWithout: median(without, (l) => l.rps),
      createWith: median(withHook, (l) => l.rps),
      sustained: median(sustained, (l) => l.rps),
      rounds,
      ratio: median(ratios, (r) => r),
      sustainedRatio: median(sustainedRatios, (r) => r),
    };
  } finally {
    await hooked.stop();
    await plain.stop();
    await sink.close();
  }
}
