import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/{unit,contract,api,integration}/**/*.test.{ts,tsx}'],
    exclude: ['test/unit/extension/**', 'node_modules/**'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
