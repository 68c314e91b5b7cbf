import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNodeEngine } from '../server/node-engine';
import { wireWebhookFetchers } from '../server/webhook-fetchers';
import { createBody } from './api';
import { createDeliveryFloor } from './floor-deliveries';
import { load, startBaseline, startIntentServer, threadCpuMs, type Load } from './http';

/** A load of creates, with the serving thread's CPU time per create (from /proc). */
export type CreateLoad = Load & { cpuUsPerCreate: number };

/**
 * A load of creates on a server with an endpoint, counted until every event it created is
 * delivered: creates ÷ (load time + the time its deliveries then needed to catch up).
 */
export interface SustainedLoad {
  rps: number;
  catchUpMs: number;
  deliveredDuringLoad: number;
  created: number;
  /** The serving thread's CPU over the load and the catch-up ÷ the creates. */
  cpuUsPerCreate: number;
}

/** One side (ours, or the floor) of the create ratio: medians over the rounds. */
export interface EndpointRatio {
  /** The round with the median rate. */
  without: CreateLoad;
  /** The round with the median sustained rate. */
  sustained: SustainedLoad;
  /** Median over rounds of sustained creates/s with the endpoint ÷ creates/s without. */
  sustainedRatio: number;
  /**
   * The serving thread's CPU per create without the endpoint and with it (load and catch-up),
   * and their difference in the same round: what one delivery costs that thread (µs; medians).
   */
  cpuUs: { create: number; createWithEndpoint: number; delivery: number };
}

export interface WebhookBench {
  deliveries: { events: number; ms: number; perSecond: number };
  /** The same deliveries with everything of ours but signing and the HTTP client taken away. */
  floor: { events: number; ms: number; perSecond: number };
  rounds: number;
  /** intent-server without and with one enabled endpoint (dispatcher in the same process). */
  ours: EndpointRatio & {
    /** The round with the median rate during the load alone, deliveries left behind. */
    createWith: Load;
    /** Median over rounds of creates/s with the endpoint during the load alone ÷ without. */
    ratio: number;
  };
  /**
   * bench/floor-server.ts without and with --deliver-to (the create's rows; plus its outbox row,
   * its event signed and POSTed through the same fetcher to the same receiver, 16 in flight, the
   * row deleted once answered), in the same rounds as ours, interleaved.
   */
  createFloor: EndpointRatio;
  /** Median over rounds of our sustained ratio ÷ the floor's, same round. */
  oursOverFloor: number;
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
 * endpoint; bench/floor-deliveries.ts), with no store at all: no outbox read, no attempt recorded.
 */
async function deliveryFloor(events: number) {
  const sink = await receiver();
  let answered = 0;
  let allAnswered = () => {};
  const done = new Promise<void>((resolve) => (allAnswered = resolve));
  const floor = createDeliveryFloor(sink.url, (outboxIds) => {
    if ((answered += outboxIds.length) >= events) allAnswered();
  });
  try {
    const started = performance.now();
    const timestamp = new Date().toISOString();
    floor.send(
      Array.from({ length: events }, (_, i) => ({
        event: {
          event_id: `evt_floor_${i}`,
          intent_id: `int_floor_${i}`,
          scope: 'ptn_floor:test',
          livemode: false,
          type: 'intent.created' as const,
          timestamp,
          data: {},
        },
        outboxId: String(i),
      })),
    );
    await done;
    const ms = performance.now() - started;
    return { events, ms: Math.round(ms), perSecond: Math.round((events / ms) * 1000) };
  } finally {
    await floor.close();
    await sink.close();
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const medianBy = <T>(values: T[], by: (v: T) => number) =>
  [...values].sort((x, y) => by(x) - by(y))[Math.floor(values.length / 2)]!;

type Server = { url: string; pid: number };
type Sink = Awaited<ReturnType<typeof receiver>>;
type Hooked = { load: Load; sustained: SustainedLoad };

/** A load of creates, with the server thread's CPU per create. */
async function createLoad(server: Server, target: Target, seconds: number): Promise<CreateLoad> {
  const cpu = threadCpuMs(server.pid);
  const result = await load({ ...target, duration: seconds });
  return { ...result, cpuUsPerCreate: ((threadCpuMs(server.pid) - cpu) * 1000) / result.ok };
}

/** A load of creates on a server delivering to `sink`, lasting until each event has arrived. */
async function sustainedLoad(
  server: Server,
  target: Target,
  sink: Sink,
  seconds: number,
): Promise<Hooked> {
  const before = sink.count();
  const cpu = threadCpuMs(server.pid);
  const started = performance.now();
  const result = await load({ ...target, duration: seconds });
  const loaded = performance.now();
  const deliveredDuringLoad = sink.count() - before;
  while (sink.count() - before < result.ok) await sleep(5);
  const ended = performance.now();
  await sleep(100); // the server's work on the last answers (recording them) is part of its cost
  return {
    load: result,
    sustained: {
      rps: (result.ok / (ended - started)) * 1000,
      catchUpMs: Math.round(ended - loaded),
      deliveredDuringLoad,
      created: result.ok,
      cpuUsPerCreate: ((threadCpuMs(server.pid) - cpu) * 1000) / result.ok,
    },
  };
}

function summarise(rounds: Array<{ without: CreateLoad; with: Hooked }>): EndpointRatio {
  return {
    without: medianBy(
      rounds.map((r) => r.without),
      (l) => l.rps,
    ),
    sustained: medianBy(
      rounds.map((r) => r.with.sustained),
      (s) => s.rps,
    ),
    sustainedRatio: median(rounds.map((r) => r.with.sustained.rps / r.without.rps)),
    cpuUs: {
      create: median(rounds.map((r) => r.without.cpuUsPerCreate)),
      createWithEndpoint: median(rounds.map((r) => r.with.sustained.cpuUsPerCreate)),
      delivery: median(
        rounds.map((r) => r.with.sustained.cpuUsPerCreate - r.without.cpuUsPerCreate),
      ),
    },
  };
}

/** Until the floor's outbox is empty: every delivered event's row deleted (at most 5 s). */
async function floorOutboxEmptied(floor: Server) {
  for (let i = 0; ; i++) {
    const { outbox } = (await (await fetch(floor.url)).json()) as { outbox: number };
    if (outbox === 0) return;
    if (i === 50) throw new Error(`the floor left ${outbox} outbox rows`);
    await sleep(100);
  }
}

type Target = {
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  body: string;
};

/**
 * Create throughput with one enabled webhook endpoint and without, for intent-server and for
 * its floor (bench/floor-server.ts), all four loaded in turn in each round (the order reversed
 * every other round: later loads run on a fuller disk and warmer caches). Each ratio is taken
 * within a round and the median reported.
 */
export async function benchWebhooks(rounds = 3, seconds = 5): Promise<WebhookBench> {
  const deliveries = await deliveriesPerSecond(5000);
  const floor = await deliveryFloor(5000);
  const sink = await receiver();
  const plain = await startIntentServer();
  const hooked = await startIntentServer();
  const floorPlain = await startBaseline('floor-server.ts');
  const floorHooked = await startBaseline('floor-server.ts', ['--deliver-to', sink.url]);
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
    const ours = (server: typeof plain): Target => ({
      url: `${server.url}/v1/intents`,
      method: 'POST',
      headers: headersOf(server.key),
      body: createBody,
    });
    const bare = (server: Server): Target => ({
      url: server.url,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: createBody,
    });
    const steps = {
      oursWithout: () => createLoad(plain, ours(plain), seconds),
      oursWith: () => sustainedLoad(hooked, ours(hooked), sink, seconds),
      floorWithout: () => createLoad(floorPlain, bare(floorPlain), seconds),
      floorWith: () => sustainedLoad(floorHooked, bare(floorHooked), sink, seconds),
    };
    for (const target of [ours(plain), ours(hooked), bare(floorPlain), bare(floorHooked)])
      await load({ ...target, duration: 2 });
    await quiet(sink); // what the warm-up created is delivered before the rounds start
    const oursRounds: Array<{ without: CreateLoad; with: Hooked }> = [];
    const floorRounds: typeof oursRounds = [];
    for (let round = 0; round < rounds; round++) {
      const reversed = round % 2 === 1;
      const order = ['oursWithout', 'oursWith', 'floorWithout', 'floorWith'] as const;
      const got = {} as {
        oursWithout: CreateLoad;
        oursWith: Hooked;
        floorWithout: CreateLoad;
        floorWith: Hooked;
      };
      for (const name of reversed ? [...order].reverse() : order)
        Object.assign(got, { [name]: await steps[name]() });
      oursRounds.push({ without: got.oursWithout!, with: got.oursWith! });
      floorRounds.push({ without: got.floorWithout!, with: got.floorWith! });
    }
    await floorOutboxEmptied(floorHooked);
    const oursSide = summarise(oursRounds);
    const floorSide = summarise(floorRounds);
    return {
      deliveries,
      floor,
      rounds,
      ours: {
        ...oursSide,
        createWith: medianBy(
          oursRounds.map((r) => r.with.load),
          (l) => l.rps,
        ),
        ratio: median(oursRounds.map((r) => r.with.load.rps / r.without.rps)),
      },
      createFloor: floorSide,
      oursOverFloor: median(
        oursRounds.map(
          (r, i) =>
            r.with.sustained.rps /
            r.without.rps /
            (floorRounds[i]!.with.sustained.rps / floorRounds[i]!.without.rps),
        ),
      ),
    };
  } finally {
    await floorHooked.stop();
    await floorPlain.stop();
    await hooked.stop();
    await plain.stop();
    await sink.close();
  }
}
