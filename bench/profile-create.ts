import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createBody } from './api';
import { load, startIntentServer, threadCpuMs } from './http';

/**
 * Where a create's time goes: POST /v1/intents under autocannon against intent-server run under
 * the CPU profiler (bench/profiled.ts) for the load alone, then the profile's samples grouped by
 * what they belong to. Each sample goes to the nearest frame, from the leaf up, that a part names;
 * natives (SQL, JSON) count for the code that called them. Prints each part's share of the busy
 * thread and its µs per create at the thread CPU per create measured (from /proc) meanwhile.
 *
 * `npx tsx bench/profile-create.ts [SECONDS]`
 */
const PARTS: [string, RegExp][] = [
  ['garbage collection', /^\(garbage collector\)/],
  [
    'COMMIT, BEGIN, the WAL sync (store)',
    /^(flush|runUnits) server\/store\/sqlite|server\/store\/(wal-sync|checkpointer)|^(afterCommit|beforeCommit|fdatasync|postMessage) /,
  ],
  [
    'row writes: JSON text, index columns, SQL (store)',
    /^(put|delete|updateChanged) server\/store\/sqlite/,
  ],
  [
    'reads in the transaction (store)',
    /^(get|query|\(anon\)) server\/store\/sqlite|server\/store\/sqlite-sql/,
  ],
  ['cached reads (store)', /server\/store\/doc-cache/],
  ["the event's outbox lookup", /^(appendEvent|queueDeliveries|subscribersOf|isSubscribed) /],
  [
    'the view and its response text',
    /engine\/api\/(commit|json-text)\.ts|engine\/intents\/view\.ts|^toIntentView /,
  ],
  ['zod validation', /node_modules\/zod\/|^parseWith |engine\/schemas\/|engine\/api\/zod-issues/],
  [
    "create's checks, ids, timestamps",
    /engine\/intents\/|engine\/util\/|engine\/ids\.ts|engine\/payments\//,
  ],
  ['auth and key usage', /engine\/auth\/|engine\/api\/middleware\/auth\.ts/],
  ['reading the body, JSON.parse', /engine\/api\/middleware\/json-body\.ts/],
  ['other middleware and the route wrapper', /engine\/api\/|engine\/engine\.ts/],
  ['Hono: router, middleware chain, context', /node_modules\/hono\//],
  ['@hono/node-server: Request, Response', /node_modules\/@hono\/node-server/],
  ['node:http, sockets, timers', /node:|^(writev|writeLatin1String|writeUtf8String|readStart) /],
];
const OTHER = 'V8 and natives not attributed';

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** `node_modules/…` or a path from the repository's root, as the parts name them. */
const shortUrl = (url: string) => {
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) return url.slice(modules + 1);
  return url.replace(`file://${process.cwd()}/`, '');
};

export function partsOf(profile: Profile): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const memo = new Map<number, string>();
  const partOf = (id: number): string => {
    const known = memo.get(id);
    if (known) return known;
    const { functionName, url } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') return 'idle';
    const text = `${functionName || '(anon)'} ${shortUrl(url)}`;
    const up = parent.get(id);
    const part =
      PARTS.find(([, re]) => re.test(text))?.[0] ?? (up === undefined ? OTHER : partOf(up));
    memo.set(id, part);
    return part;
  };
  const sums = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const part = partOf(id);
    sums.set(part, (sums.get(part) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  sums.delete('idle');
  return sums;
}

async function main() {
  const seconds = Number(process.argv[2] ?? 10);
  const dir = mkdtempSync(join(tmpdir(), 'bench-profile-'));
  const out = join(dir, 'create.cpuprofile');
  // From its sources: in the bundle every frame is one file's, and no part could be named.
  const profiled = ['--import', 'tsx', resolve('bench/profiled.ts'), out];
  const server = await startIntentServer(undefined, profiled, 'server/main.ts');
  try {
    const target = {
      url: `${server.url}/v1/intents`,
      method: 'POST' as const,
      headers: { Authorization: `Bearer ${server.key}`, 'Content-Type': 'application/json' },
      body: createBody,
    };
    await load({ ...target, duration: 3 }); // warm-up, not profiled
    const cpuBefore = threadCpuMs(server.pid);
    process.kill(server.pid, 'SIGUSR2');
    const result = await load({ ...target, duration: seconds });
    process.kill(server.pid, 'SIGUSR2');
    const cpuUs = ((threadCpuMs(server.pid) - cpuBefore) * 1000) / result.ok;
    for (let i = 0; i < 100; i++) {
      try {
        const parts = partsOf(JSON.parse(readFileSync(out, 'utf8')) as Profile);
        const busy = [...parts.values()].reduce((a, b) => a + b, 0);
        console.log(
          `\nPOST /v1/intents: ${result.ok} creates, ${Math.round(cpuUs)} µs of thread CPU each (profiler running)\n`,
        );
        console.log('| part | share | µs per create |\n|---|---|---|');
        for (const [part, us] of [...parts].sort((a, b) => b[1] - a[1]))
          console.log(
            `| ${part} | ${Math.round((100 * us) / busy)} % | ${((cpuUs * us) / busy).toFixed(1)} |`,
          );
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100)); // the profile is still being written
      }
    }
    throw new Error('no profile written');
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
