import { mkdirSync, writeFileSync } from 'node:fs';
import { benchApi } from './api';
import { execFileSync } from 'node:child_process';
import type { MonitorBench } from './monitor';
import { SERVER_NODE_FLAGS } from '../bin/node-flags.js';
import { benchPopup } from './popup';
import { benchResolve } from './resolve';
import { benchScale } from './scale';
import { benchWebhooks, type EndpointRatio } from './webhooks';

const verdict = (ok: boolean, text: string) => `${ok ? '✓' : '✗'} ${text}`;

/**
 * What the 0.9× target leaves for our own work, in thread CPU: a create may cost the floor's
 * create ÷ 0.9, so floor × (1/0.9 − 1) above it, to hold for its validation, checks, view,
 * framework and everything else of ours; beside it, what zod's check of the body alone takes.
 */
function budgetLine(cpu: { floor: number; contractFloor: number; create: number }, zodUs: number) {
  const budget = cpu.floor * (1 / 0.9 - 1);
  return `Thread CPU per create (medians): the floor **${cpu.floor.toFixed(0)} µs**, the contract's floor ${cpu.contractFloor.toFixed(0)} µs, POST /v1/intents **${cpu.create.toFixed(0)} µs** — ${(cpu.create - cpu.floor).toFixed(0)} µs above the floor, where 0.9× leaves **${budget.toFixed(1)} µs** for everything of ours; zod's check of the body alone takes ${zodUs.toFixed(1)} µs (in this process), ${((100 * zodUs) / budget).toFixed(0)} % of it`;
}

async function api(results: Record<string, unknown>) {
  const bench = await benchApi();
  results.api = bench;
  const row = (
    name: string,
    l: { rps: number; ratio: number; p50: number; p99: number; non2xx: number; errors: number },
    target?: number,
  ) =>
    `| ${name} | ${Math.round(l.rps)} | ${l.ratio.toFixed(2)}× | ${l.p50} ms | ${l.p99} ms | ${l.non2xx + l.errors} | ${target === undefined ? '' : verdict(l.ratio >= target, `target ≥ ${target}×`)} |`;
  console.log(
    `\nAPI through the real HTTP server (autocannon, 50 connections; median of ${bench.rounds} interleaved rounds; ratio to bare node:http measured in the same round):\n`,
  );
  console.log('| case | req/s | ratio | p50 | p99 | non-2xx+errors | |');
  console.log('|---|---|---|---|---|---|---|');
  console.log(row('bare node:http, constant JSON (baseline)', bench.baseline));
  console.log(
    row(
      'ceiling: bare node:http parses the same POST body and answers, stores nothing',
      bench.postCeiling,
    ),
  );
  console.log(
    row(
      'floor: bare node:http + the same two rows group-committed (better-sqlite3), synced off the thread as our store does, nothing else',
      bench.createFloor,
    ),
  );
  console.log(
    row(
      'the same floor syncing inside COMMIT on its thread (synchronous=FULL; the floor before)',
      bench.createFloorInThread,
    ),
  );
  console.log(
    row(
      "the contract's floor: the floor (same process) plus the least the contract asks of a create — request id, key lookup, zod validation, ULIDs, the watch read — nothing else of ours; its requests handled at the end of the turn they came in, as ours are",
      bench.contractFloor,
    ),
  );
  console.log(
    row(
      'the floor (same process) handling its requests at the end of the turn they came in, as our server does (server/http/turn-batched.ts)',
      bench.turnBatchedFloor,
    ),
  );
  console.log(
    row(
      "the floor (same process) writing the intent's row alone, without its event's: the most one row for the intent and its `intent.created` event could save",
      bench.intentOnlyFloor,
    ),
  );
  console.log(
    row('POST /v1/intents (SQLite, group commit, synced off the thread)', bench.create, 0.25),
  );
  console.log(row('GET /v1/intents/{id}', bench.get, 0.5));
  console.log(
    row(
      'floor of that GET: bare node:http answering its very bytes (the intent JSON, X-Request-Id), nothing else',
      bench.getFloor,
    ),
  );
  console.log(
    row(
      'framework floor of that GET: Hono and its Node adapter (as our server runs them) answering the same bytes from one route, nothing of ours',
      bench.getFrameworkFloor,
    ),
  );
  console.log(
    `\nPOST /v1/intents ÷ its floor, the faster of the two in each round (median of the rounds' ratios): **${bench.createOverFloor.toFixed(2)}×** ${verdict(bench.createOverFloor >= 0.9, 'target ≥ 0.9×')}`,
  );
  console.log(
    `The contract's floor ÷ the floor (one process, median of the rounds' ratios): **${bench.contractOverFloor.toFixed(2)}×** — a create doing nothing but what the contract asks, each in its cheapest form, ${bench.contractOverFloor >= 0.9 ? 'reaches' : 'stays under'} 0.9× here; POST /v1/intents ÷ the contract's floor: **${bench.createOverContractFloor.toFixed(2)}×**`,
  );
  console.log(budgetLine(bench.cpuPerCreate, bench.zodUs));
  console.log(
    `One row for the intent and its \`intent.created\` event (the floor itself lowered): the intent's row alone ÷ the floor (one process) **${bench.intentOnlyOverFloor.toFixed(2)}×** creates per second at most. It would take the same µs off our create and off its floor (the floor writes our rows): the ratio would not rise.`,
  );
  console.log(
    `The floor handling its requests at the turn's end ÷ the floor: **${bench.turnBatchedOverFloor.toFixed(2)}×** (what our way of handing requests over is worth with nothing else); POST /v1/intents ÷ that floor: **${bench.createOverTurnBatchedFloor.toFixed(2)}×**`,
  );
  console.log(
    `GET /v1/intents/{id} ÷ its floor (median of the rounds' ratios): **${bench.getOverFloor.toFixed(2)}×**; the floor itself is ${bench.getFloor.ratio.toFixed(2)}× of the baseline: ${bench.getFloor.ratio >= 0.5 ? verdict(true, 'floor ≥ 0.5×: the target is reachable here') : verdict(false, 'floor < 0.5×: a GET at 0.5× is out of reach here')}`,
  );
  console.log(
    `GET /v1/intents/{id} ÷ its framework floor (median of the rounds' ratios): **${bench.getOverFrameworkFloor.toFixed(2)}×**; that floor is ${bench.getFrameworkFloor.ratio.toFixed(2)}× of the baseline (what Hono and its adapter leave for our own work)`,
  );
}

/**
 * The monitor's benchmark in a process of its own started with `flags` (so that the peak RSS
 * measured is the monitor's and nothing else's).
 */
function monitorChild(flags: readonly string[]): MonitorBench {
  const output = execFileSync(
    process.execPath,
    [...flags, '--import', 'tsx', 'bench/monitor.ts', '--child'],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  return JSON.parse(output.trim().split('\n').at(-1)!) as MonitorBench;
}

async function monitor(results: Record<string, unknown>) {
  // The monitor runs in the server: measured with the server's Node flags (bin/node-flags.js),
  // then once more on Node's defaults, to show what the flags are worth.
  const bench = monitorChild(SERVER_NODE_FLAGS);
  results.monitor = bench;
  const onDefaults = monitorChild([]);
  results.monitorOnNodeDefaults = onDefaults;
  console.log(
    `\nMonitor: one round over ${bench.intents} intents on ${bench.urls} URLs (SQLite, stub fetcher, the server's Node flags: ${SERVER_NODE_FLAGS.join(' ')}):\n`,
  );
  console.log('| round | wall | watches | fetches | transitions | |');
  console.log('|---|---|---|---|---|---|');
  console.log(
    `| steady state (all due, nothing changed) | ${bench.steady.ms} ms | ${bench.steady.watches} | ${bench.steady.fetches} | ${bench.steady.transitions} | ${verdict(bench.steady.ms < 2000 && bench.steady.fetches === bench.urls, 'target < 2 s, fetches = URLs')} |`,
  );
  const ms = (values: number[]) => values.map((v) => `${v}`).join(', ');
  const pairs = bench.pairs;
  console.log(
    `| first round (every intent active → waiting), ${pairs.length} times, each beside its floors | ${ms(pairs.map((p) => p.ms))} ms (**${bench.firstOverFloor.toFixed(2)}×** the floor, median of the pairs' ratios: ${pairs.map((p) => (p.ms / (p.floorMs + p.extractMs)).toFixed(2)).join(', ')}) | ${bench.first.watches} | ${bench.first.fetches} | ${bench.first.transitions} | ${verdict(bench.firstOverFloor <= 1.3, 'target ≤ 1.3× the floor')} |`,
  );
  console.log(
    `| floor: the first round's durable writes with better-sqlite3 alone — the watches' claims, each intent and its event, each watch, its observation and its new page's catalog product and offer — same commits, same data (${ms(pairs.map((p) => p.floorMs))} ms) + reading the ${bench.urls} pages alone (${ms(pairs.map((p) => p.extractMs))} ms) | ${ms(pairs.map((p) => p.floorMs + p.extractMs))} ms | | | ${bench.first.transitions} | |`,
  );
  console.log(
    `| the contract's floor: the floor's writes and commits, each page fetched (async, 64 at a time) and read as it comes, the intents read in their check's transaction and decided by the contract's rules, ULIDs — nothing else of ours | ${ms(pairs.map((p) => p.contractMs))} ms (${bench.contractOverFloor.toFixed(2)}× the floor) | | | ${bench.first.transitions} | |`,
  );
  console.log(
    `\nThe contract's floor ÷ the floor: **${bench.contractOverFloor.toFixed(2)}×** — the least a monitor must do for the round ${bench.contractOverFloor <= 1.3 ? 'stays within' : 'passes'} 1.3× here; the first round ÷ the contract's floor: **${bench.firstOverContract.toFixed(2)}×** (medians of the pairs)`,
  );
  console.log(
    `\nPeak RSS of the benchmark process: ${bench.peakRssMb} MB (${verdict(bench.peakRssMb < 400, 'target < 400 MB')}).`,
  );
  console.log(
    `\nThe same benchmark on Node's defaults (without the server's ${SERVER_NODE_FLAGS.join(' ')}): first round ÷ floor **${onDefaults.firstOverFloor.toFixed(2)}×** (pairs: ${onDefaults.pairs.map((p) => (p.ms / (p.floorMs + p.extractMs)).toFixed(2)).join(', ')}; rounds ${ms(onDefaults.pairs.map((p) => p.ms))} ms), ÷ the contract's floor ${onDefaults.firstOverContract.toFixed(2)}×; steady round ${onDefaults.steady.ms} ms; peak RSS ${onDefaults.peakRssMb} MB.`,
  );
}

async function popup(results: Record<string, unknown>) {
  const bench = await benchPopup();
  results.popup = bench;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `\nPopup (production \`${bench.build.command}\`; Chromium ${bench.chromium}, headless; median of ${bench.opens} opens after one cold open):\n`,
  );
  console.log('| figure | value | |');
  console.log('|---|---|---|');
  console.log(
    `| JS popup.html loads (${bench.js.files.map((f) => f.file).join(', ')}) | ${kb(bench.js.bytes)} raw, **${kb(bench.js.gzipBytes)} gzip** | ${verdict(bench.js.gzipBytes <= 120 * 1024, 'target ≤ 120 KB gzip')} |`,
  );
  console.log(
    `| CSS popup.html loads | ${kb(bench.css.bytes)} raw, ${kb(bench.css.gzipBytes)} gzip | |`,
  );
  console.log(
    `| first-contentful-paint (from navigation start) | **${bench.fcp.medianMs} ms** (min ${bench.fcp.minMs}, max ${bench.fcp.maxMs}; cold ${bench.cold.fcp}) | ${verdict(bench.fcp.medianMs <= 300, 'target ≤ 300 ms')} |`,
  );
  console.log(
    `| first screen resolved (This page: product or "no product", after the capture round trip) | ${bench.firstScreen.medianMs} ms (min ${bench.firstScreen.minMs}, max ${bench.firstScreen.maxMs}; cold ${bench.cold.firstScreen}) | |`,
  );
}

async function scale(results: Record<string, unknown>) {
  const bench = await benchScale();
  results.scale = bench;
  const rps = (l: { rps: number; p50: number; p99: number }) =>
    `${Math.round(l.rps)} req/s (p50 ${l.p50} ms, p99 ${l.p99} ms)`;
  console.log(
    `\nScale-out: POST /v1/intents through the real server, SQLite (FULL) vs PostgreSQL 18 (embedded, durable defaults) on this machine; median of ${bench.rounds} interleaved rounds:\n`,
  );
  console.log('| figure | value |');
  console.log('|---|---|');
  console.log(`| create on SQLite | ${rps(bench.sqlite)} |`);
  console.log(`| create on PostgreSQL | ${rps(bench.postgres)} |`);
  console.log(`| PostgreSQL ÷ SQLite | **${bench.ratio.toFixed(2)}×** |`);
  const m = bench.monitor;
  console.log(
    `\nMonitor on PostgreSQL: a steady round (every watch due, pages unchanged; stub fetcher) over ${m.intents} intents on ${m.urls} URLs:\n`,
  );
  console.log('| instances | wall | watches | fetches (per instance) |');
  console.log('|---|---|---|---|');
  console.log(`| one | ${m.one.ms} ms | ${m.one.watches} | ${m.one.fetches} |`);
  console.log(
    `| two at once | ${m.two.ms} ms (${(m.two.ms / m.one.ms).toFixed(2)}× one) | ${m.two.watches} | ${m.two.fetches} (${m.two.perInstance.join(' + ')}) |`,
  );
}

async function webhooks(results: Record<string, unknown>) {
  const bench = await benchWebhooks();
  results.webhooks = bench;
  const { deliveries: d } = bench;
  console.log('\nWebhooks (SQLite; receiver on 127.0.0.1 answering 204):\n');
  console.log('| figure | value | |');
  console.log('|---|---|---|');
  console.log(
    `| deliveries per second, one endpoint (${d.events} events queued, one drain: signed, POSTed, recorded) | ${d.perSecond}/s (${d.ms} ms) | ${verdict(d.perSecond >= 2000, 'target ≥ 2,000/s')} |`,
  );
  const { floor: f } = bench;
  console.log(
    `| floor: the same ${f.events} bodies signed and POSTed through the same fetcher, 16 at a time, no store | ${f.perSecond}/s (${f.ms} ms; ours ${(d.perSecond / f.perSecond).toFixed(2)}× the floor) | ${verdict(f.perSecond >= 2000, 'floor ≥ 2,000/s: the target is reachable here')} |`,
  );
  const { ours: o, createFloor: c } = bench;
  const rates = (side: EndpointRatio) =>
    `${Math.round(side.sustained.rps)} vs ${Math.round(side.without.rps)} req/s; ${side.sustained.deliveredDuringLoad} of ${side.sustained.created} delivered while loaded, the rest in ${side.sustained.catchUpMs} ms after`;
  console.log(
    `| POST /v1/intents with one enabled endpoint ÷ without, sustained: each round of the server with the endpoint lasts until its dispatcher (same process) delivered every event it created (autocannon, 50 connections; median of ${bench.rounds} interleaved rounds) | **${o.sustainedRatio.toFixed(2)}×** (${rates(o)}) | ${verdict(o.sustainedRatio >= 0.85, 'target ≥ 0.85×')} |`,
  );
  console.log(
    `| floor: bench/floor-server.ts with --deliver-to ÷ without, sustained, same rounds: the create's rows + its outbox row in the same commit; once durable, its event signed and POSTed through the same fetcher to the same receiver (16 in flight), the row deleted once answered (a commit per batch) | **${c.sustainedRatio.toFixed(2)}×** (${rates(c)}) | ${c.sustainedRatio >= 0.85 ? verdict(true, 'floor ≥ 0.85×: the target is reachable here') : verdict(false, 'floor < 0.85×: out of reach with deliveries in the same process here')} |`,
  );
  console.log(
    `| ours ÷ the floor's ratio (median of the rounds' quotients) | **${bench.oursOverFloor.toFixed(2)}×** | |`,
  );
  const cpu = (side: EndpointRatio) =>
    `${Math.round(side.cpuUs.create)} µs per create without, ${Math.round(side.cpuUs.createWithEndpoint)} with (load + catch-up), **${Math.round(side.cpuUs.delivery)} µs per delivery** (the difference)`;
  console.log(`| the serving thread's CPU (/proc, medians of the rounds): ours | ${cpu(o)} | |`);
  console.log(`| … the floor's | ${cpu(c)} | |`);
  console.log(
    `| ours during the load alone, deliveries left behind (not a sustainable rate) | ${o.ratio.toFixed(2)}× (${Math.round(o.createWith.rps)} vs ${Math.round(o.without.rps)} req/s) | |`,
  );
}

async function resolve(results: Record<string, unknown>) {
  const bench = benchResolve();
  results.resolve = bench;
  const { productLatency: p, venueLatency: v, minisearch: m, build } = bench;
  console.log(
    `\nResolve (SQLite; in-process fetch handler, JSON in and out; ${p.queries} queries by rule: a typo, a dropped word, a prefix, an MPN, an EAN):\n`,
  );
  console.log('| figure | value | |');
  console.log('|---|---|---|');
  console.log(
    `| POST /v1/resolve/products over ${bench.products} products | p50 ${p.p50} ms, p99 **${p.p99} ms** | ${verdict(p.p99 < 20, 'target p99 < 20 ms')} |`,
  );
  console.log(
    `| baseline: MiniSearch alone on the same products and queries (fuzzy 0.2, prefix, AND; ${m.queries} queries) | p50 ${m.p50} ms, p99 ${m.p99} ms (ours ${(m.p50 / p.p50).toFixed(0)}× faster at p50); build ${m.buildMs} ms, ${m.heapMb} MB | |`,
  );
  console.log(
    `| POST /v1/resolve/venues over ${bench.venues} venues (city; 5 miles around a point) | p50 ${v.p50} ms, p99 **${v.p99} ms** | ${verdict(v.p99 < 20, 'target p99 < 20 ms')} |`,
  );
  console.log(
    `| index build from the store (${bench.products} products, ${bench.venues} venues; a fresh process) | **${build.ms} ms**, heap +${build.heapMb} MB, RSS +${build.rssMb} MB | ${verdict(build.ms < 10_000, 'target < 10 s')} |`,
  );
  console.log(
    `| catalog import of the ${bench.products} products (every row matched, 500 per transaction) | ${bench.importMs} ms | |`,
  );
}

const SECTIONS: Record<string, (results: Record<string, unknown>) => Promise<void>> = {
  api,
  webhooks,
  monitor,
  scale,
  resolve,
  popup,
};

async function main() {
  const only = process.argv[2];
  const results: Record<string, unknown> = { at: new Date().toISOString(), node: process.version };
  for (const [name, run] of Object.entries(SECTIONS))
    if (!only || only === name) await run(results);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/latest.json', JSON.stringify(results, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
