import { createEngine, type Fetcher, type IntentDoc } from '../engine/index';
import { prepareIntent, insertIntent } from '../engine/intents/service';
import type { RoundStats } from '../engine/monitor/monitor';
import { openStore } from '../server/store/choice';
import { TABLES } from '../engine/index';
import { startEmbeddedPostgres } from '../test/support/embedded-postgres';
import { load, startIntentServer, type Load } from './http';

const INTENTS = Number(process.env.BENCH_SCALE_INTENTS ?? 100_000);
const URLS = Number(process.env.BENCH_SCALE_URLS ?? 10_000);

const createBody = JSON.stringify({
  type: 'purchase',
  external_user_id: 'bench_user',
  objective: { product: { product_url: 'https://shop.example.com/products/trail-runner' } },
  conditions: { availability: 'in_stock', max_price_cents: 12000, currency: 'USD' },
  guardrails: { allowed_merchants: ['shop.example.com'], expires_at: '2099-01-01T00:00:00Z' },
  payment: { payment_method_id: 'pm_card_visa', max_charge_cents: 15000 },
});

export interface ScaleBench {
  rounds: number;
  sqlite: Load;
  postgres: Load;
  /** Median of the per-round ratios PostgreSQL ÷ SQLite. */
  ratio: number;
  monitor: {
    intents: number;
    urls: number;
    one: RoundStats & { ms: number };
    two: RoundStats & { ms: number; perInstance: number[] };
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** POST /v1/intents through the real server on SQLite and on PostgreSQL (both durable), in turn. */
async function createThroughput(databaseUrl: string, rounds: number, seconds: number) {
  const servers = [await startIntentServer(), await startIntentServer(databaseUrl)];
  try {
    const targets = servers.map((server) => ({
      url: `${server.url}/v1/intents`,
      method: 'POST' as const,
      headers: { Authorization: `Bearer ${server.key}`, 'Content-Type': 'application/json' },
      body: createBody,
    }));
    for (const target of targets) await load({ ...target, duration: 2 }); // warm-up
    const runs: Load[][] = [[], []];
    for (let round = 0; round < rounds; round++)
      for (const [i, target] of targets.entries())
        runs[i]!.push(await load({ ...target, duration: seconds }));
    const pick = (loads: Load[]) => loads.find((l) => l.rps === median(loads.map((x) => x.rps)))!;
    return {
      sqlite: pick(runs[0]!),
      postgres: pick(runs[1]!),
      ratio: median(runs[1]!.map((pg, i) => pg.rps / runs[0]![i]!.rps)),
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

const page = (i: number) => `<!doctype html><html><head><title>Product ${i}</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Product ${i}","sku":"sku-${i}",
"offers":{"@type":"Offer","price":"${(150 + (i % 50)).toFixed(2)}","priceCurrency":"USD","availability":"https://schema.org/InStock"}}</script>
</head><body><h1>Product ${i}</h1><p>$${150 + (i % 50)}.00</p></body></html>`;

/**
 * A steady monitor round (every watch due, nothing changed) over INTENTS intents on URLS pages in
 * one PostgreSQL database, run by one engine, then by two engines at once (each its own pool,
 * as two processes would have): wall time of each, and the fetches each did.
 */
async function monitorRounds(databaseUrl: string) {
  let now = Date.now();
  const clock = { now: () => now };
  const fetcher: Fetcher = {
    fetch: async ({ url }) => ({
      status: 200,
      url,
      headers: {},
      body: page(Number(url.split('/').pop())),
    }),
  };
  const engine = async (instanceId: string) =>
    createEngine({
      store: await openStore({ kind: 'postgres', url: databaseUrl, poolSize: 10 }, TABLES),
      clock,
      fetcherFor: () => fetcher,
      monitor: { intervalMs: 60_000, jitter: 0, concurrency: 64 },
      instanceId,
    });
  const [a, b] = [await engine('a'), await engine('b')];
  try {
    const { partner } = await a.keys.create('bench');
    const caller = {
      partnerId: partner.partner_id,
      livemode: false,
      scope: `${partner.partner_id}:test`,
    };
    const docs: IntentDoc[] = [];
    for (let i = 0; i < INTENTS; i++) {
      docs.push(
        await prepareIntent(a.ctx, caller, {
          type: 'purchase',
          external_user_id: `user_${i % 1000}`,
          objective: {
            product: { product_url: `https://shop${i % 100}.example.com/products/${i % URLS}` },
          },
          conditions: { availability: 'in_stock', max_price_cents: 10_000, currency: 'USD' },
        }),
      );
      if (docs.length === 500 || i === INTENTS - 1) {
        const batch = docs.splice(0);
        await a.ctx.store.transact(async (tx) => {
          for (const doc of batch) await insertIntent(tx, a.ctx, doc);
        });
      }
    }
    await a.monitor!.round(); // first round: every intent active → waiting (not measured)
    const timed = async (instances: (typeof a)[]) => {
      now += 61_000; // every watch due again, same pages
      const start = performance.now();
      const stats = await Promise.all(instances.map((instance) => instance.monitor!.round()));
      const ms = Math.round(performance.now() - start);
      const sum = (key: keyof RoundStats) => stats.reduce((s, r) => s + r[key], 0);
      return {
        expired: sum('expired'),
        relinked: sum('relinked'),
        watches: sum('watches'),
        fetches: sum('fetches'),
        transitions: sum('transitions'),
        executions: sum('executions'),
        ms,
        perInstance: stats.map((r) => r.fetches),
      };
    };
    const one = await timed([a]);
    const two = await timed([a, b]);
    return { intents: INTENTS, urls: URLS, one, two };
  } finally {
    await a.close();
    await b.close();
  }
}

export async function benchScale(rounds = 3, seconds = 5): Promise<ScaleBench> {
  const postgres = await startEmbeddedPostgres(true);
  try {
    const create = await createThroughput(postgres.url, rounds, seconds);
    const monitor = await monitorRounds(postgres.url);
    return { rounds, ...create, monitor };
  } finally {
    await postgres.stop();
  }
}
