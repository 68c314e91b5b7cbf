import { readFileSync } from 'node:fs';

/**
 * Splits a CPU profile of the monitor's first round (BENCH_PROFILE=file, bench/monitor.ts) into
 * the parts of the README's breakdown: each sample goes to the first rule its stack matches, the
 * sampled function first, then its callers outwards. Usage:
 * `npx tsx bench/monitor-profile-summary.ts file.cpuprofile`.
 */

interface Node {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** [part, test on the sampled frame, test on the frames above it (any)]. */
type Rule = [part: string, leaf: RegExp | null, caller: RegExp | null];

const NATIVE = /^(run|all|get|exec|iterate) @$/;
/** The store's own frames: SQLite's statements and the adapter (JSON.parse/stringify inlined). */
const STORE = /^(run|all|get|exec|iterate) @$|@.*server\/store\//;
const RULES: Rule[] = [
  ['garbage collection', /^\(garbage collector\)/, null],
  ['commits (COMMIT: fsync, the writer’s own checkpoints)', NATIVE, /^flush @.*store\/sqlite/],
  [
    'reading the pages (extractor, page fingerprint)',
    null,
    /engine\/extract\/|htmlparser2|^checkWatch /,
  ],
  ['decisions (conditions, decide)', null, /engine\/monitor\/(decide|conditions|blocks)/],
  ['reading the intents before the fetch (SQL + JSON.parse)', STORE, /^checkOne /],
  [
    'reading the intents again in the transaction (their version, in SQL; parsed if it moved)',
    STORE,
    /^reread /,
  ],
  ['reading the catalog offer at the page’s URL (SQL)', STORE, /^offerAt /],
  ['claiming the watches (SQL read + write)', null, /engine\/store\/claims/],
  [
    'writing each intent and its event (SQL + JSON.stringify)',
    STORE,
    /^(applyTransition|appendEvent|queueDeliveries) /,
  ],
  ['other store work: watch, observation, catalog rows, endpoints (SQL + JSON)', STORE, null],
  [
    'transitions and events (state machine, event and outbox, ids, time)',
    null,
    /engine\/(machine|events|ids|util\/time)/,
  ],
  ['catalog entry (identity, product and offer documents)', null, /engine\/resolve\//],
  ['the monitor’s own code (round, checks, writes)', null, /engine\/monitor\//],
  ['scheduler and promise plumbing (microtasks, group commit)', null, null],
];

export function summarize(profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (node: Node) => `${node.callFrame.functionName || '(anon)'} @${node.callFrame.url}`;
  const parts = new Map<string, number>(RULES.map(([part]) => [part, 0]));
  let total = 0;
  profile.samples.forEach((sample, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const stack: string[] = [];
    for (let id: number | undefined = sample; id !== undefined; id = parent.get(id))
      stack.push(label(byId.get(id)!));
    if (stack[0]!.startsWith('(idle)')) return;
    total += ms;
    const [part] = RULES.find(
      ([, leaf, caller]) =>
        (!leaf || leaf.test(stack[0]!)) && (!caller || stack.some((frame) => caller.test(frame))),
    )!;
    parts.set(part, parts.get(part)! + ms);
  });
  return { total, parts: [...parts].sort((a, b) => b[1] - a[1]) };
}

if (process.argv[1]?.endsWith('monitor-profile-summary.ts')) {
  const { total, parts } = summarize(JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Profile);
  console.log('| part | ms per round | share |\n|---|---|---|');
  for (const [part, ms] of parts)
    console.log(`| ${part} | ${Math.round(ms)} | ${((100 * ms) / total).toFixed(0)} % |`);
  console.log(`| total (sampled) | ${Math.round(total)} | |`);
}
