import { profiled } from './monitor-profile';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, TABLES, type Fetcher, type IntentDoc } from '../engine/index';
import { prepareIntent, insertIntent } from '../engine/intents/service';
import { createMonitor, type RoundStats } from '../engine/monitor/monitor';
import Database from 'better-sqlite3';
import { createSqliteStore } from '../server/store/sqlite';
import { contractRoundFloor, extractionFloor, firstRoundFloor } from './monitor-floor';

const INTENTS = Number(process.env.BENCH_INTENTS ?? 100_000);
const URLS = Number(process.env.BENCH_URLS ?? 10_000);

const page = (i: number) => `<!doctype html><html><head><title>Product ${i}</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Product ${i}","sku":"sku-${i}",
"offers":{"@type":"Offer","price":"${(150 + (i % 50)).toFixed(2)}","priceCurrency":"USD","availability":"https://schema.org/InStock"}}</script>
</head><body><h1>Product ${i}</h1><p>$${150 + (i % 50)}.00</p></body></html>`;

export interface MonitorBench {
  intents: number;
  urls: number;
  first: RoundStats & { ms: number };
  /** The same writes as the first round with better-sqlite3 alone (monitor-floor.ts). */
  firstFloorMs: number;
  /** Extraction of the round's pages alone (monitor-floor.ts). */
  extractFloorMs: number;
  /**
   * The least any monitor must do for the first round, in its cheapest form (monitor-floor.ts
   * contractRoundFloor): the floor's writes, the pages fetched and read as they come, decisions.
   */
  contractFloorMs: number;
  steady: RoundStats & { ms: number };
  fetchesIssued: number;
  peakRssMb: number;
}

/** One monitor round over many intents sharing fewer URLs, on SQLite, with a stub fetcher. */
export async function benchMonitor(): Promise<MonitorBench> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-monitor-'));
  const file = join(dir, 'bench.db');
  const engine = createEngine({ store: createSqliteStore(file, TABLES) });
  const concurrency = 64;
  // Watches claimed per transaction (the monitor's default, named so that the floor claims alike).
  const claimBatch = concurrency * 2;
  try {
    const { ctx } = engine;
    const { partner } = await engine.keys.create('bench');
    const caller = {
      partnerId: partner.partner_id,
      livemode: false,
      scope: `${partner.partner_id}:test`,
    };
    const batch: Promise<IntentDoc>[] = [];
    for (let i = 0; i < INTENTS; i++) {
      const url = `https://shop${i % 100}.example.com/products/${i % URLS}`;
      const body = {
        type: 'purchase' as const,
        external_user_id: `user_${i % 1000}`,
        objective: { product: { product_url: url } },
        conditions: { availability: 'in_stock' as const, max_price_cents: 10_000, currency: 'USD' },
      };
      batch.push(
        prepareIntent(ctx, caller, body).then((doc) =>
          ctx.store.transact((tx) => insertIntent(tx, ctx, doc)),
        ),
      );
      if (batch.length === 2000) await Promise.all(batch.splice(0));
    }
    await Promise.all(batch);
    const copy = join(dir, 'floor.db');
    const contractCopy = join(dir, 'contract-floor.db');
    const snapshot = new Database(file);
    snapshot.exec(`VACUUM INTO '${copy}'`);
    snapshot.exec(`VACUUM INTO '${contractCopy}'`);
    snapshot.close();
    const firstFloorMs = await firstRoundFloor(copy, concurrency, claimBatch);

    let fetchesIssued = 0;
    const fetcher: Fetcher = {
      async fetch({ url }) {
        fetchesIssued++;
        return { status: 200, url, headers: {}, body: page(Number(url.split('/').pop())) };
      },
    };
    const monitor = createMonitor(ctx, {
      fetcherFor: () => fetcher,
      intervalMs: 60_000,
      jitter: 0,
      concurrency,
      claimBatch,
    });
    const timed = async () => {
      const start = performance.now();
      const stats = await monitor.round();
      return { ...stats, ms: Math.round(performance.now() - start) };
    };
    const first = await profiled(timed);
    const firstFetches = fetchesIssued;
    const steady = await timed(); // nothing due yet: measures an idle round
    // Make every watch due again, then measure a steady-state round (same prices: no transitions).
    (ctx.clock as { now(): number }).now = (() => {
      const t = Date.now() + 61_000;
      return () => t;
    })();
    const steadyDue = await timed();
    // After the rounds, so that the rounds do not run on code this warmed up.
    const extractFloorMs = extractionFloor(
      Array.from({ length: URLS }, (_, i) => ({
        url: `https://shop${i % 100}.example.com/products/${i}`,
        body: page(i),
      })),
    );
    // After the rounds too: it reads the pages with the extractor, which the round would find warm.
    const contractFloorMs = await profiled(
      () =>
        contractRoundFloor(contractCopy, concurrency, claimBatch, async (url) =>
          page(Number(url.split('/').pop())),
        ),
      '.contract',
    );
    return {
      intents: INTENTS,
      urls: URLS,
      first,
      firstFloorMs,
      extractFloorMs,
      contractFloorMs,
      steady: steadyDue.watches > 0 ? steadyDue : steady,
      fetchesIssued: firstFetches,
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    };
  } finally {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Run as a script: one process per run, so peak RSS is the monitor's own. Prints JSON. */
if (process.argv[1]?.endsWith('monitor.ts') && process.argv.includes('--child')) {
  benchMonitor().then((result) => console.log(JSON.stringify(result)));
}
