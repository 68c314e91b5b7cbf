import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startServer, type ServerProcess } from '../support/server-process';

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

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
  const document = (await (await fetch(`${server.baseUrl}/v1/openapi.json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const operationCount = Object.values(document.paths).reduce(
    (sum, methods) => sum + Object.keys(methods).filter((key) => HTTP_METHODS.has(key)).length,
    0,
  );
  // The resolve endpoints were missing from an older copy of this count: a new operation must
  // appear on the page too, whatever the number is.
  expect(operationCount).toBeGreaterThanOrEqual(25);
  await page.goto(`${server.baseUrl}/docs`);
  await expect(page.getByText('Intent Commerce API')).toBeVisible();
  const operations = page.locator('.opblock');
  await expect(operations).toHaveCount(operationCount);
  await expect(
    page.locator('.opblock-summary-path', { hasText: '/v1/intents/{intent_id}/resume' }),
  ).toBeVisible();
  await expect(
    page.locator('.opblock-summary-path', { hasText: '/v1/resolve/products' }),
  ).toBeVisible();
  expect(external).toEqual([]);
});
