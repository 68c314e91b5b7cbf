import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { SERVER_NODE_FLAGS } from '../bin/node-flags.js';

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Requests answered 2xx. */
  ok: number;
}

interface Child {
  url: string;
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts a child process and waits for a line matching `ready`, whose first group is the URL. */
export function startChild(command: string, args: string[], ready: RegExp): Promise<Child> {
  const child: ChildProcess = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`did not start: ${out}`)), 30_000);
    child.stdout!.on('data', () => {
      const match = out.match(ready);
      if (match) {
        clearTimeout(timer);
        resolvePromise({
          url: match[1]!,
          pid: child.pid!,
          output: () => out,
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}

/**
 * A yardstick server from bench/: the bare node:http baseline, or the create floor; with the
 * server's Node flags, as ours runs, so that the ratios compare the same runtime.
 */
export async function startBaseline(
  script = 'baseline-server.ts',
  args: string[] = [],
): Promise<Child> {
  return startChild(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--import', 'tsx', resolve('bench', script), ...args],
    /Baseline: (http:\/\/[\d.:]+)/,
  );
}

/** intent-server on a fresh SQLite data dir, or on `databaseUrl` (PostgreSQL). */
export async function startIntentServer(
  databaseUrl?: string,
  /** Node arguments and a script that runs the server's script in turn (bench/profiled.ts). */
  wrapper: string[] = [],
  /** The server's script: the bin file (its bundle), or server/main.ts to run its sources. */
  entry = 'bin/intent-server.js',
): Promise<Child & { key: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const child = await startChild(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      ...wrapper,
      resolve(entry),
      'serve',
      '--port',
      '0',
      ...(databaseUrl ? ['--database-url', databaseUrl] : ['--data', dir]),
      '--rate-limit',
      '0',
      '--no-sandbox',
      // The monitor has its own benchmark; here it would re-read every intent created so far
      // (they all watch the same page) in the middle of a measurement.
      '--check-interval',
      '3600',
    ],
    /API: (http:\/\/[\d.:]+)\/v1[\s\S]*Ready/,
  );
  const key = child.output().match(/sk_test_[A-Za-z0-9]{32}/)![0];
  return {
    ...child,
    key,
    stop: async () => {
      await child.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function load(options: autocannon.Options): Promise<Load> {
  const result = await autocannon({ connections: 50, duration: 8, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    ok: result['2xx'],
  };
}

/** CPU time so far of a process's main thread (the one serving requests), from /proc, in ms. */
export function threadCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 10 ms ticks
}
