import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTRACT_FLOOR_KEY } from './floor-rows';
import { load, startBaseline, startIntentServer, threadCpuMs, type Load } from './http';
import { CreateIntentBody } from '../engine/schemas/intent-input';

export const createBody = JSON.stringify({
  type: 'purchase',
  external_user_id: 'bench_user',
  objective: {
    product: { product_url: 'https://shop.example.com/products/trail-runner', quantity: 1 },
  },
  conditions: { availability: 'in_stock', max_price_cents: 12000, currency: 'USD' },
  guardrails: { allowed_merchants: ['shop.example.com'], expires_at: '2099-01-01T00:00:00Z' },
  payment: { payment_method_id: 'pm_card_visa', max_charge_cents: 15000 },
  metadata: { source: 'bench' },
});

export interface ApiBench {
  rounds: number;
  baseline: Load & { ratio: number };
  /** bench/floor-server.ts --no-store: node:http parses the create's body and answers, nothing else. */
  postCeiling: Load & { ratio: number };
  /** bench/floor-server.ts: node:http + the create's two rows group-committed, nothing else. */
  createFloor: Load & { ratio: number };
  /** The same floor syncing inside COMMIT on its thread (synchronous=FULL), as before. */
  createFloorInThread: Load & { ratio: number };
  /** Median over rounds of create req/s ÷ the faster floor's req/s, same rounds. */
  createOverFloor: number;
  /**
   * bench/floor-server.ts POST /contract, in the floor's process: the floor plus the least the
   * contract asks of a create (request id, key, zod validation, ULIDs, the watch read).
   */
  contractFloor: Load & { ratio: number };
  /** bench/floor-server.ts POST /turn-batched: the floor handling requests at the turn's end. */
  turnBatchedFloor: Load & { ratio: number };
  /** Median over rounds of that floor ÷ the floor (same process), same rounds. */
  turnBatchedOverFloor: number;
  /** bench/floor-server.ts POST /intent-only: the floor writing the intent's row alone. */
  intentOnlyFloor: Load & { ratio: number };
  /** Median over rounds of that floor ÷ the floor (same process): what one row could save. */
  intentOnlyOverFloor: number;
  /** Median over rounds of create req/s ÷ that floor's, same rounds. */
  createOverTurnBatchedFloor: number;
  /** Median over rounds of the contract's floor ÷ the floor (same process), same rounds. */
  contractOverFloor: number;
  /** Median over rounds of create req/s ÷ the contract's floor, same rounds. */
  createOverContractFloor: number;
  create: Load & { ratio: number };
  get: Load & { ratio: number };
  /** bench/baseline-server.ts --body-file: node:http answering the GET's very bytes, nothing else. */
  getFloor: Load & { ratio: number };
  /** Median over rounds of GET req/s ÷ its floor's, same rounds. */
  getOverFloor: number;
  /** bench/framework-floor-server.ts: Hono and its Node adapter answering the GET's bytes. */
  getFrameworkFloor: Load & { ratio: number };
  /** Median over rounds of GET req/s ÷ the framework floor's, same rounds. */
  getOverFrameworkFloor: number;
  /** Median thread CPU per request (µs) of the server's main thread, from /proc, same rounds. */
  cpuPerCreate: { floor: number; contractFloor: number; create: number };
  /** µs zod takes to validate the create's body (CreateIntentBody.safeParse), in this process. */
  zodUs: number;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A load of `target` with the thread CPU its server's main thread spent per answered request. */
async function loadWithCpu(target: Parameters<typeof load>[0], pid: number) {
  const before = threadCpuMs(pid);
  const result = await load(target);
  return { result, cpuUs: ((threadCpuMs(pid) - before) * 1000) / Math.max(1, result.ok) };
}

/** What zod's check of the create's body costs alone, warm, in µs (the median of five spells). */
function timeZod(): number {
  const body: unknown = JSON.parse(createBody);
  const spell = (n: number) => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; i++) CreateIntentBody.safeParse(body);
    return Number(process.hrtime.bigint() - start) / 1000 / n;
  };
  spell(20_000);
  return median(Array.from({ length: 5 }, () => spell(20_000)));
}

function summarise(loads: Load[], ratios?: number[]) {
  const pick = (key: keyof Load) => median(loads.map((l) => l[key]));
  return {
    rps: pick('rps'),
    p50: pick('p50'),
    p99: pick('p99'),
    non2xx: loads.reduce((s, l) => s + l.non2xx, 0),
    errors: loads.reduce((s, l) => s + l.errors, 0),
    ok: loads.reduce((s, l) => s + l.ok, 0),
    ratio: ratios ? median(ratios) : 1,
  };
}

/**
 * Create and get through the real HTTP server vs a bare node:http server answering a constant
 * JSON body. Both servers run at once and are loaded in turn, several rounds, so that each ratio
 * compares measurements taken seconds apart; the medians are reported (this VM is noisy).
 */
export async function benchApi(rounds = 3, seconds = 5): Promise<ApiBench> {
  const baselineServer = await startBaseline();
  const ceilingServer = await startBaseline('floor-server.ts', ['--no-store']);
  const floorServer = await startBaseline('floor-server.ts');
  const inThreadServer = await startBaseline('floor-server.ts', ['--sync-in-thread']);
  const server = await startIntentServer();
  const bodyDir = mkdtempSync(join(tmpdir(), 'bench-get-'));
  const bodyFile = join(bodyDir, 'intent.json');
  let getFloorServer: Awaited<ReturnType<typeof startBaseline>> | undefined;
  let frameworkServer: Awaited<ReturnType<typeof startBaseline>> | undefined;
  try {
    const headers = { Authorization: `Bearer ${server.key}`, 'Content-Type': 'application/json' };
    const created = await fetch(`${server.url}/v1/intents`, {
      method: 'POST',
      headers,
      body: createBody,
    });
    const { intent_id } = (await created.json()) as { intent_id: string };
    const getUrl = `${server.url}/v1/intents/${intent_id}`;
    writeFileSync(bodyFile, await (await fetch(getUrl, { headers })).text());
    getFloorServer = await startBaseline('baseline-server.ts', ['--body-file', bodyFile]);
    frameworkServer = await startBaseline('framework-floor-server.ts', ['--body-file', bodyFile]);
    const targets = {
      baseline: { url: baselineServer.url },
      postCeiling: {
        url: ceilingServer.url,
        method: 'POST' as const,
        headers: { 'Content-Type': 'application/json' },
        body: createBody,
      },
      createFloor: {
        url: floorServer.url,
        method: 'POST' as const,
        headers: { 'Content-Type': 'application/json' },
        body: createBody,
      },
      contractFloor: {
        url: `${floorServer.url}/contract`,
        method: 'POST' as const,
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${CONTRACT_FLOOR_KEY}`,
        },
        body: createBody,
      },
      turnBatchedFloor: {
        url: `${floorServer.url}/turn-batched`,
        method: 'POST' as const,
        headers: { 'Content-Type': 'application/json' },
        body: createBody,
      },
      intentOnlyFloor: {
        url: `${floorServer.url}/intent-only`,
        method: 'POST' as const,
        headers: { 'Content-Type': 'application/json' },
        body: createBody,
      },
      createFloorInThread: {
        url: inThreadServer.url,
        method: 'POST' as const,
        headers: { 'Content-Type': 'application/json' },
        body: createBody,
      },
      create: {
        url: `${server.url}/v1/intents`,
        method: 'POST' as const,
        headers,
        body: createBody,
      },
      get: { url: getUrl, headers },
      getFloor: { url: getFloorServer.url },
      getFrameworkFloor: { url: `${frameworkServer.url}/v1/intents/${intent_id}` },
    };
    for (const target of Object.values(targets)) await load({ ...target, duration: 2 }); // warm-up
    const runs = {
      baseline: [] as Load[],
      postCeiling: [] as Load[],
      createFloor: [] as Load[],
      createFloorInThread: [] as Load[],
      contractFloor: [] as Load[],
      turnBatchedFloor: [] as Load[],
      intentOnlyFloor: [] as Load[],
      create: [] as Load[],
      get: [] as Load[],
      getFloor: [] as Load[],
      getFrameworkFloor: [] as Load[],
    };
    const ratios = {
      postCeiling: [] as number[],
      createFloor: [] as number[],
      createFloorInThread: [] as number[],
      createOverFloor: [] as number[],
      contractFloor: [] as number[],
      contractOverFloor: [] as number[],
      createOverContractFloor: [] as number[],
      turnBatchedFloor: [] as number[],
      intentOnlyFloor: [] as number[],
      intentOnlyOverFloor: [] as number[],
      turnBatchedOverFloor: [] as number[],
      createOverTurnBatchedFloor: [] as number[],
      create: [] as number[],
      get: [] as number[],
      getFloor: [] as number[],
      getOverFloor: [] as number[],
      getFrameworkFloor: [] as number[],
      getOverFrameworkFloor: [] as number[],
    };
    const cpu = { floor: [] as number[], contractFloor: [] as number[], create: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      const base = await load({ ...targets.baseline, duration: seconds });
      const postCeiling = await load({ ...targets.postCeiling, duration: seconds });
      // The floors of one process share its database: each goes first in turn, so that none
      // always runs on the log and checkpoint another left.
      const floors = [
        targets.createFloor,
        targets.contractFloor,
        targets.turnBatchedFloor,
        targets.intentOnlyFloor,
      ];
      const shift = round % floors.length;
      const loads: Load[] = [];
      const floorsCpu: number[] = [];
      for (let i = 0; i < floors.length; i++) {
        const at = (i + shift) % floors.length;
        const measured = await loadWithCpu({ ...floors[at]!, duration: seconds }, floorServer.pid);
        loads[at] = measured.result;
        floorsCpu[at] = measured.cpuUs;
      }
      const [createFloor, contractFloor, turnBatchedFloor, intentOnlyFloor] = loads as [
        Load,
        Load,
        Load,
        Load,
      ];
      runs.intentOnlyFloor.push(intentOnlyFloor);
      ratios.intentOnlyFloor.push(intentOnlyFloor.rps / base.rps);
      ratios.intentOnlyOverFloor.push(intentOnlyFloor.rps / createFloor.rps);
      const [floorCpu, contractFloorCpu] = floorsCpu as [number, number];
      cpu.floor.push(floorCpu);
      cpu.contractFloor.push(contractFloorCpu);
      const measuredCreate = await loadWithCpu(
        { ...targets.create, duration: seconds },
        server.pid,
      );
      const create = measuredCreate.result;
      cpu.create.push(measuredCreate.cpuUs);
      const inThread = await load({ ...targets.createFloorInThread, duration: seconds });
      const get = await load({ ...targets.get, duration: seconds });
      const getFloor = await load({ ...targets.getFloor, duration: seconds });
      const framework = await load({ ...targets.getFrameworkFloor, duration: seconds });
      runs.getFrameworkFloor.push(framework);
      ratios.getFrameworkFloor.push(framework.rps / base.rps);
      ratios.getOverFrameworkFloor.push(get.rps / framework.rps);
      runs.getFloor.push(getFloor);
      ratios.getFloor.push(getFloor.rps / base.rps);
      ratios.getOverFloor.push(get.rps / getFloor.rps);
      runs.baseline.push(base);
      runs.postCeiling.push(postCeiling);
      ratios.postCeiling.push(postCeiling.rps / base.rps);
      runs.createFloor.push(createFloor);
      ratios.createFloor.push(createFloor.rps / base.rps);
      runs.createFloorInThread.push(inThread);
      ratios.createFloorInThread.push(inThread.rps / base.rps);
      // The floor is the better of the two ways to sync: under CPU contention the in-thread
      // sync (one wake-up per commit) can beat the thread pool's (two).
      ratios.createOverFloor.push(create.rps / Math.max(createFloor.rps, inThread.rps));
      runs.contractFloor.push(contractFloor);
      ratios.contractFloor.push(contractFloor.rps / base.rps);
      ratios.contractOverFloor.push(contractFloor.rps / createFloor.rps);
      ratios.createOverContractFloor.push(create.rps / contractFloor.rps);
      runs.turnBatchedFloor.push(turnBatchedFloor);
      ratios.turnBatchedFloor.push(turnBatchedFloor.rps / base.rps);
      ratios.turnBatchedOverFloor.push(turnBatchedFloor.rps / createFloor.rps);
      ratios.createOverTurnBatchedFloor.push(create.rps / turnBatchedFloor.rps);
      runs.create.push(create);
      runs.get.push(get);
      ratios.create.push(create.rps / base.rps);
      ratios.get.push(get.rps / base.rps);
    }
    return {
      rounds,
      baseline: summarise(runs.baseline),
      postCeiling: summarise(runs.postCeiling, ratios.postCeiling),
      createFloor: summarise(runs.createFloor, ratios.createFloor),
      createFloorInThread: summarise(runs.createFloorInThread, ratios.createFloorInThread),
      createOverFloor: median(ratios.createOverFloor),
      contractFloor: summarise(runs.contractFloor, ratios.contractFloor),
      contractOverFloor: median(ratios.contractOverFloor),
      createOverContractFloor: median(ratios.createOverContractFloor),
      turnBatchedFloor: summarise(runs.turnBatchedFloor, ratios.turnBatchedFloor),
      intentOnlyFloor: summarise(runs.intentOnlyFloor, ratios.intentOnlyFloor),
      intentOnlyOverFloor: median(ratios.intentOnlyOverFloor),
      turnBatchedOverFloor: median(ratios.turnBatchedOverFloor),
      createOverTurnBatchedFloor: median(ratios.createOverTurnBatchedFloor),
      create: summarise(runs.create, ratios.create),
      get: summarise(runs.get, ratios.get),
      getFloor: summarise(runs.getFloor, ratios.getFloor),
      getOverFloor: median(ratios.getOverFloor),
      getFrameworkFloor: summarise(runs.getFrameworkFloor, ratios.getFrameworkFloor),
      getOverFrameworkFloor: median(ratios.getOverFrameworkFloor),
      cpuPerCreate: {
        floor: median(cpu.floor),
        contractFloor: median(cpu.contractFloor),
        create: median(cpu.create),
      },
      zodUs: timeZod(),
    };
  } finally {
    await server.stop();
    await getFloorServer?.stop();
    await frameworkServer?.stop();
    rmSync(bodyDir, { recursive: true, force: true });
    await floorServer.stop();
    await inThreadServer.stop();
    await ceilingServer.stop();
    await baselineServer.stop();
  }
}
