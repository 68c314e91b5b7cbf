import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startServer, type ServerProcess } from '../support/server-process';

let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'e2e-docs-'));
  server = await startServer(['--data', dataDir]);
});

test.afterAll(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('the API reference at /docs renders every operation from local assets', async ({ page }) => {
  const external: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(server.baseUrl)) external.push(request.url());
  });
  await page.goto(`${server.baseUrl}/docs`);
  await expect(page.getByText('Intent Commerce API')).toBeVisible();
  const operations = page.locator('.opblock');
  await expect(operations).toHaveCount(22);
  await expect(
    page.locator('.opblock-summary-path', { hasText: '/v1/intents/{intent_id}/resume' }),
  ).toBeVisible();
  expect(external).toEqual([]);
});
