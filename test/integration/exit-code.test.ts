import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const VITEST = join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
const CONFIG = fileURLToPath(new URL('../fixtures/exit-code/vitest.config.ts', import.meta.url));

describe('the test run', () => {
  it('exits with a failure code when a test fails, its PostgreSQL started and stopped', () => {
    // The embedded PostgreSQL, as on a machine without TEST_DATABASE_URL (CI).
    const { TEST_DATABASE_URL: _, ...env } = process.env;
    const run = spawnSync(process.execPath, [VITEST, 'run', '--config', CONFIG], {
      encoding: 'utf8',
      env,
      timeout: 90_000,
    });
    expect(`${run.stdout}${run.stderr}`).toMatch(/1 failed/);
    expect(run.status).toBe(1);
  }, 120_000);
});
