import { mkdirSync, writeFileSync } from 'node:fs';
import { benchApi } from './api';
import type { Load } from './http';

const ratio = (a: number, b: number) => (a / b).toFixed(2);

function row(name: string, load: Load, baseline: Load, target?: number) {
  const r = load.rps / baseline.rps;
  const verdict = target === undefined ? '' : r >= target ? `✓ ≥ ${target}×` : `✗ < ${target}×`;
  return `| ${name} | ${Math.round(load.rps)} | ${ratio(load.rps, baseline.rps)}× | ${load.p50} ms | ${load.p99} ms | ${load.non2xx + load.errors} | ${verdict} |`;
}

async function main() {
  const only = process.argv[2];
  const results: Record<string, unknown> = { at: new Date().toISOString(), node: process.version };
  if (!only || only === 'api') {
    const api = await benchApi();
    results.api = api;
    console.log(
      '\nAPI through the real HTTP server (autocannon, 50 connections, 8 s), ratio to bare node:http in the same run:\n',
    );
    console.log('| case | req/s | ratio | p50 | p99 | non-2xx+errors | target |');
    console.log('|---|---|---|---|---|---|---|');
    console.log(row('bare node:http (baseline)', api.baseline, api.baseline));
    console.log(row('POST /v1/intents (durable)', api.create, api.baseline, 0.25));
    console.log(row('GET /v1/intents/{id}', api.get, api.baseline, 0.45));
  }
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/latest.json', JSON.stringify(results, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
