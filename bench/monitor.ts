import { profiled } from './monitor-profile';
import { execFileSync } from 'node:child_process';
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync } from 'node:fs';
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
/** First rounds measured, each beside its floors, in turns (the VM's speed drifts for seconds). */
const PAIRS = Number(process.env.BENCH_MONITOR_PAIRS ?? 3);

const page = (i: number) => `<!doctype html><html><head><title>Product ${i}</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Product ${i}","sku":"sku-${i}",
"offers":{"@type":"Offer","price":"${(150 + (i % 50)).toFixed(2)}","priceCurrency":"USD","availability":"https://schema.org/InStock"}}</script>
</head><body><h1>Product ${i}</h1><p>$${150 + (i % 50)}.00</p></body></html>`;

/** One first round beside its floors, all on copies of one database, measured back to back. */
export interface FirstRoundPair {
  /** The first round: every intent active → waiting. */
  ms: number;
  /** The same writes as the first round with better-sqlite3 alone (monitor-floor.ts). */
  floorMs: number;
  /** Extraction of the round's pages alone (monitor-floor.ts). */
  extractMs: number;
  /**
   * The least any monitor must do for the first round, in its cheapest form (monitor-floor.ts
   * contractRoundFloor): the floor's writes, the pages fetched and read as they come, decisions.
   */
  contractMs: number;
}

export interface MonitorBench {
  intents: number;
  urls: number;
  /** The first round of the last pair, with its counts. */
  first: RoundStats & { ms: number };
  pairs: FirstRoundPair[];
  /** Median over the pairs of the first round ÷ (its floor + its extraction floor). */
  firstOverFloor: number;
  /** Median over the pairs of the contract's floor ÷ (the floor + extraction). */
  contractOverFloor: number;
  /** Median over the pairs of the first round ÷ the contract's floor. */
  firstOverContract: number;
  steady: RoundStats & { ms: number };
  fetchesIssued: number;
  peakRssMb: number;
}

/**
 * Writes a file's dirty pages to disk now: a copy just made would otherwise be written back while
 * a round or floor runs, and the disk's work for it slowed whichever ran then (floor 4.9-5.8 s
 * with the copies left to writeback, 4.3-4.6 s synced, one process).
 */
function onDisk(path: string) {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The database of the bench: INTENTS intents on URLS pages, every one active, none checked. */
async function prepareDatabase(file: string) {
  const engine = createEngine({ store: createSqliteStore(file, TABLES) });
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
  } finally {
    await engine.close();
  }
}

/**
 * Monitor rounds over many intents sharing fewer URLs, on SQLite, with a stub fetcher: PAIRS
 * first rounds, each on a fresh copy of one prepared database and measured right beside its
 * floors on copies of their own (the order turned each time), then a steady round.
 */
export async function benchMonitor(): Promise<MonitorBench> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-monitor-'));
  const file = join(dir, 'bench.db');
  const concurrency = 64;
  // Watches claimed per transaction (the monitor's default, named so that the floor claims alike).
  const claimBatch = concurrency * 2;
  let copies = 0;
  /** Runs `work` on a fresh copy of the prepared database, removed once `work` is done with it. */
  const onCopy = async <T>(work: (copy: string) => Promise<T>): Promise<T> => {
    const to = join(dir, `copy-${copies++}.db`);
    const snapshot = new Database(file);
    snapshot.exec(`VACUUM INTO '${to}'`);
    snapshot.close();
    onDisk(to);
    try {
      return await work(to);
    } finally {
      for (const suffix of ['', '-wal', '-shm']) rmSync(to + suffix, { force: true });
    }
  };
  const pagesRead = Array.from({ length: URLS }, (_, i) => ({
    url: `https://shop${i % 100}.example.com/products/${i}`,
    body: page(i),
  }));
  let fetchesIssued = 0;
  const fetcher: Fetcher = {
    async fetch({ url }) {
      fetchesIssued++;
      return { status: 200, url, headers: {}, body: page(Number(url.split('/').pop())) };
    },
  };
  const fetchPage = async (url: string) => page(Number(url.split('/').pop()));
  try {
    // In a process of its own: creating 100,000 intents peaks higher than any round, and the
    // peak RSS reported is the monitor's.
    execFileSync(process.execPath, ['--import', 'tsx', 'bench/monitor.ts', '--prepare', file], {
      stdio: 'inherit',
    });
    onDisk(file);
    // The extractor warmed, as the extraction floor warms it before timing; the first pair's
    // round and floors otherwise run on colder code than the next pairs' (the median is kept).
    extractionFloor(pagesRead);
    const pairs: FirstRoundPair[] = [];
    let first: (RoundStats & { ms: number }) | undefined;
    let steady: (RoundStats & { ms: number }) | undefined;
    let firstFetches = 0;
    for (let p = 0; p < PAIRS; p++) {
      const lastPair = p === PAIRS - 1;
      const floors = async () => ({
        floorMs: await onCopy((copy) => firstRoundFloor(copy, concurrency, claimBatch)),
        extractMs: extractionFloor(pagesRead),
        contractMs: await onCopy((copy) => {
          const floor = () => contractRoundFloor(copy, concurrency, claimBatch, fetchPage);
          // Profiled (when asked) in the pair whose round is profiled, and only there.
          return lastPair ? profiled(floor, '.contract') : floor();
        }),
      });
      const round = () =>
        onCopy(async (copy) => {
          fetchesIssued = 0;
          const rounds = await firstRound(copy, fetcher, concurrency, claimBatch, lastPair);
          first = rounds.first;
          firstFetches = fetchesIssued;
          // The steady round after the last first round, on its engine.
          if (lastPair) steady = await rounds.steady();
          await rounds.close();
          return first.ms;
        });
      // The floors first in one pair, the round first in the next.
      const measured =
        p % 2 === 0
          ? { ...(await floors()), ms: await round() }
          : { ms: await round(), ...(await floors()) };
      pairs.push(measured);
    }
    const floorOf = (pair: FirstRoundPair) => pair.floorMs + pair.extractMs;
    return {
      intents: INTENTS,
      urls: URLS,
      first: first!,
      pairs,
      firstOverFloor: median(pairs.map((pair) => pair.ms / floorOf(pair))),
      contractOverFloor: median(pairs.map((pair) => pair.contractMs / floorOf(pair))),
      firstOverContract: median(pairs.map((pair) => pair.ms / pair.contractMs)),
      steady: steady!,
      fetchesIssued: firstFetches,
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The first round over a copy of the prepared database, by a fresh engine (profiled when asked,
 * the last one); then, when asked, a steady round (every watch due again, same prices).
 */
async function firstRound(
  file: string,
  fetcher: Fetcher,
  concurrency: number,
  claimBatch: number,
  profile: boolean,
) {
  const engine = createEngine({ store: createSqliteStore(file, TABLES) });
  const { ctx } = engine;
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
  const first = profile ? await profiled(timed) : await timed();
  return {
    first,
    async steady() {
      const idle = await timed(); // nothing due yet: measures an idle round
      // Make every watch due again, then measure a steady-state round (no transitions).
      (ctx.clock as { now(): number }).now = (() => {
        const t = Date.now() + 61_000;
        return () => t;
      })();
      const due = await timed();
      return due.watches > 0 ? due : idle;
    },
    close: () => engine.close(),
  };
}

/**
 * Run as a script: one process per run, so peak RSS is the monitor's own (prints JSON); or, with
 * `--prepare FILE`, builds the benchmark's database (the run's first step, in a process of its own).
 */
if (process.argv[1]?.endsWith('monitor.ts')) {
  const prepare = process.argv.indexOf('--prepare');
  if (prepare > 0) await prepareDatabase(process.argv[prepare + 1]!);
  else if (process.argv.includes('--child')) {
    benchMonitor().then((result) => console.log(JSON.stringify(result)));
  }
}
