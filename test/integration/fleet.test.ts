import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { startSandboxMerchant } from '../../server/sandbox-merchant/index';
import { intentBody } from '../support/api';
import { createTestDatabase, sql } from '../support/postgres';
import { startServer, type ServerProcess } from '../support/server-process';
import { webhookReceiver } from '../support/webhook-receiver';

/**
 * Three intent-server processes on one PostgreSQL database (issue 14): work claimed by one is
 * never done by another while its lease holds, so each product page is fetched once per round
 * across the fleet and every purchase happens once, while one instance after another is killed
 * with SIGKILL and started again.
 */
const INSTANCES = 3;
const INTENTS = Number(process.env.FLEET_INTENTS ?? 5_000);
const URLS = Math.min(500, INTENTS);
const CHECK_SECONDS = 4;
const LEASE_SECONDS = 5;
const JITTER = 0.1; // the monitor's default
const KILLS = 20;
/** A server started while the others buy thousands of things may take a while (busy machine). */
const START_MS = 90_000;
const PRICE_ABOVE = 20_000;
const PRICE_BELOW = 9_000;

/**
 * Leases of dead instances must have new holders this long after they ran out: a tick to notice,
 * then a write that queues behind the thousands of attempts a busy fleet is running.
 */
const TAKEOVER_MS = 60_000;

const began = Date.now();
const note = (what: string) => console.log(`fleet: ${what} after ${Date.now() - began} ms`);
const instanceOf = (server: ServerProcess) => server.output().match(/Instance: (\S+)/)![1]!;

/**
 * Waits until `state` says done, for as long as it keeps moving: the wait ends, done or not, once
 * its `progress` (a count that grows as the work gets done) has stood still for STALL_MS. A stuck
 * intent or delivery fails as before, while a machine slower than usual (this VM ran the 5 000
 * purchases in 5-6 minutes after the kills on some days, under 3 on others) is not taken for one.
 */
async function waitFor(state: () => Promise<{ done: boolean; progress: number }>) {
  let last = await state();
  let movedAt = Date.now();
  while (!last.done && Date.now() - movedAt < STALL_MS) {
    await sleep(1000);
    const now = await state();
    if (now.progress !== last.progress) movedAt = Date.now();
    last = now;
  }
}

/** How long the fleet may make no progress at all before a wait gives up. */
const STALL_MS = 2 * 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let sandbox: Awaited<ReturnType<typeof startSandboxMerchant>> | undefined;
let receiver: Awaited<ReturnType<typeof webhookReceiver>> | undefined;
const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop('SIGKILL')));
  await sandbox?.close();
  await receiver?.close();
  await database?.drop();
}, 60_000);

/** Fetch times of every product page, as the sandbox saw them. */
const pageFetches = new Map<string, number[]>();
function notePageFetch(request: Request) {
  const path = new URL(request.url).pathname;
  if (request.method !== 'GET' || !path.startsWith('/products/fleet-')) return;
  pageFetches.set(path, [...(pageFetches.get(path) ?? []), Date.now()]);
}

async function inParallel<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

/**
 * POST /v1/intents as the contract asks a partner to: with an Idempotency-Key, and again with the
 * same key after a 503 (a busy database under SERIALIZABLE: "nothing was changed, retry"), at most
 * four times. That no intent is created twice is checked by the counts at the end.
 */
async function createAsPartner(baseUrl: string, key: string, body: unknown, i: number) {
  const headers = {
    Authorization: `Bearer ${key}`,
    'Content-Type': 'application/json',
    'Idempotency-Key': `fleet-create-${i}`,
  };
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${baseUrl}/v1/intents`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    if (res.status !== 503 || attempt === 4) return res;
    await res.arrayBuffer();
    await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
  }
}

const statusCounts = async (url: string) =>
  Object.fromEntries(
    (
      await sql<{ status: string; n: string }>(
        `SELECT doc->>'status' AS status, count(*) AS n FROM intents GROUP BY 1`,
        [],
        url,
      )
    ).map((row) => [row.status, Number(row.n)]),
  ) as Record<string, number>;

/** Prints why intents are not done (a failure's evidence: the database is dropped after). */
async function describeUnfinished(url: string) {
  const rows = await sql<{ intent: unknown; watch: unknown }>(
    `SELECT i.doc AS intent, w.doc AS watch FROM intents i LEFT JOIN watches w
       ON w.doc->>'watch_id' = i.doc->>'watch_id'
     WHERE i.doc->>'status' <> 'succeeded' ORDER BY i.doc->>'intent_id' LIMIT 5`,
    [],
    url,
  );
  console.log(`fleet: unfinished intents (first 5):\n${JSON.stringify(rows, null, 1)}`);
}

describe('a fleet of three servers on one PostgreSQL database', () => {
  it(
    `fetches each page once per round and buys each of ${INTENTS} intents once while instances are killed`,
    async () => {
      onTestFailed(() => {
        for (const server of servers)
          console.log(`fleet: server log\n${server.output().slice(-4000)}`);
      });
      database = await createTestDatabase();
      sandbox = await startSandboxMerchant({
        port: 0,
        host: '127.0.0.1',
        onRequest: notePageFetch,
      });
      const control = (path: string, body: unknown) =>
        fetch(`${sandbox!.url}/_control${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      const skus = Array.from({ length: URLS }, (_, i) => `fleet-${i}`);
      const price = (price_cents: number) =>
        inParallel(skus, 16, async (sku) => {
          expect(
            (await control(`/products/${sku}`, { name: sku, price_cents })).status,
          ).toBeLessThan(300);
        });
      await price(PRICE_ABOVE);

      const args = [
      '--database-url', database.url,
      '--sandbox-url', sandbox.url,
      '--check-interval', String(CHECK_SECONDS),
      '--lease-seconds', String(LEASE_SECONDS),
      '--rate-limit', '0',
    ]; // prettier-ignore
      servers.push(await startServer(args, {}, START_MS));
      const key = servers[0]!.output().match(/sk_test_[A-Za-z0-9]{32}/)![0];
      // Every event is also delivered by webhook, by whichever instance claims it.
      receiver = await webhookReceiver(() => ({ status: 204 }));
      const registered = await fetch(`${servers[0]!.baseUrl}/v1/webhook_endpoints`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: `${receiver.url}/hooks` }),
      });
      expect(registered.status).toBe(201);
      servers.push(...(await Promise.all([1, 2].map(() => startServer(args, {}, START_MS)))));
      expect(new Set(servers.map(instanceOf)).size).toBe(INSTANCES);

      // 5,000 intents over 500 pages, created through every instance.
      const ids: string[] = [];
      await inParallel(
        Array.from({ length: INTENTS }, (_, i) => i),
        24,
        async (i) => {
          const body = intentBody({
            objective: { product: { product_url: `${sandbox!.url}/products/${skus[i % URLS]}` } },
            conditions: { max_price_cents: 12_000, currency: 'USD' },
            guardrails: { allowed_merchants: ['127.0.0.1'] },
            payment: { payment_method_id: 'pm_card_visa', max_charge_cents: 15_000 },
          });
          const res = await createAsPartner(servers[i % INSTANCES]!.baseUrl, key, body, i);
          expect(res.status, res.status === 201 ? '' : await res.text()).toBe(201);
          ids.push(((await res.json()) as { intent_id: string }).intent_id);
        },
      );

      note(`${INTENTS} intents created`);

      // Quiet rounds, once every intent has been checked: every page is watched by the fleet,
      // none more often than the interval allows.
      await waitFor(async () => {
        const { waiting = 0 } = await statusCounts(database!.url);
        return { done: waiting === INTENTS, progress: waiting };
      });
      note('first round done');
      const quietFrom = Date.now();
      await sleep(3 * CHECK_SECONDS * 1000);
      const quietTo = Date.now();
      for (const sku of skus) {
        const times = (pageFetches.get(`/products/${sku}`) ?? []).filter(
          (t) => t >= quietFrom && t < quietTo,
        );
        const mostRounds = Math.ceil((quietTo - quietFrom) / (CHECK_SECONDS * 1000 * (1 - JITTER)));
        expect(times.length, sku).toBeGreaterThanOrEqual(1);
        expect(times.length, sku).toBeLessThanOrEqual(mostRounds);
      }

      // Prices drop: everything becomes buyable, and instances die while the purchases run.
      // Whatever a dead instance held is taken over once its lease has run out (plus a tick and
      // the time a busy fleet needs to write the new holder).
      const kills: number[] = [];
      const dead: string[] = [];
      /** How long ago the oldest lease of a dead instance ran out without a new holder. */
      const strandedFor = async () =>
        Number(
          (
            await sql<{ ms: string | null }>(
              `SELECT $2::float8 - min((doc->>'until')::float8) AS ms FROM leases WHERE doc->>'owner' = ANY($1)`,
              [dead, Date.now()],
              database!.url,
            )
          )[0]!.ms ?? 0,
        );
      let stranded = 0;
      await price(PRICE_BELOW);
      // A killed instance restarts while the next kill comes: the victims are the instances that
      // are up, and when all are starting the next kill waits for the first one back.
      const restarts = new Map<number, Promise<void>>();
      for (let k = 0; k < KILLS; k++) {
        await sleep(300 + Math.random() * 1200);
        while (restarts.size === INSTANCES) await Promise.race(restarts.values());
        const up = servers.map((_, i) => i).filter((i) => !restarts.has(i));
        const victim = up[Math.floor(Math.random() * up.length)]!;
        kills.push(Date.now());
        dead.push(instanceOf(servers[victim]!));
        await servers[victim]!.stop('SIGKILL');
        const restart = startServer(args, {}, START_MS).then((server) => {
          servers[victim] = server;
          restarts.delete(victim);
        });
        restarts.set(victim, restart);
        stranded = Math.max(stranded, await strandedFor());
      }
      await Promise.all(restarts.values());
      note(`${KILLS} kills done`);
      await waitFor(async () => {
        stranded = Math.max(stranded, await strandedFor());
        const { succeeded = 0 } = await statusCounts(database!.url);
        return { done: succeeded === INTENTS, progress: succeeded };
      });
      note(`everything bought; a dead instance's lease waited at most ${Math.round(stranded)} ms`);
      const counts = await statusCounts(database.url);
      if (counts.succeeded !== INTENTS) await describeUnfinished(database.url);
      expect(counts).toEqual({ succeeded: INTENTS });
      expect(stranded).toBeLessThan(TAKEOVER_MS);

      // Every event reached the endpoint at least once, and each webhook-id is one event.
      const eventIds = (
        await sql<{ id: string }>(`SELECT doc->>'event_id' AS id FROM events`, [], database.url)
      ).map((row) => row.id);
      const bodies = new Map<string, string>();
      const delivered = () => {
        for (const request of receiver!.received.splice(0)) {
          const id = request.headers['webhook-id']!;
          expect(bodies.get(id) ?? request.body, id).toBe(request.body);
          bodies.set(id, request.body);
        }
        return eventIds.every((id) => bodies.has(id));
      };
      await waitFor(async () => ({ done: delivered(), progress: bodies.size }));
      note(`${eventIds.length} events delivered by webhook`);
      expect(eventIds.filter((id) => !bodies.has(id))).toEqual([]);
      for (const [id, body] of bodies) expect(JSON.parse(body).event_id, id).toBe(id);

      // Once each: one order per intent, and every order is the one its intent's receipt names.
      const orders = sandbox.state.orders;
      expect(orders).toHaveLength(INTENTS);
      const receiptOrders = await sql<{ order_id: string; intent_id: string }>(
        `SELECT doc->'order'->>'id' AS order_id, doc->>'intent_id' AS intent_id FROM receipts`,
        [],
        database.url,
      );
      expect(new Set(receiptOrders.map((r) => r.intent_id))).toEqual(new Set(ids));
      expect(new Set(receiptOrders.map((r) => r.order_id))).toEqual(
        new Set(orders.map((o) => o.id)),
      );

      // Outside the moments after a kill (a dead instance's claims run out and are taken again),
      // no page was fetched twice within one interval.
      const afterKill = (t: number) =>
        kills.some((k) => t >= k && t <= k + LEASE_SECONDS * 1000 + 2000);
      for (const [path, times] of pageFetches) {
        for (let i = 1; i < times.length; i++) {
          if (afterKill(times[i]!)) continue;
          expect(times[i]! - times[i - 1]!, path).toBeGreaterThan((CHECK_SECONDS * 1000) / 2);
        }
      }
    },
    15 * 60_000,
  );
});
