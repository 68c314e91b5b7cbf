/**
 * The Watching list leaves the browser and comes back (issue 16): CSV and JSON (with history)
 * from the options page, and the JSON imported into another browser's built-in engine.
 */
import { readFileSync } from 'node:fs';
import type { Worker } from '@playwright/test';
import { launchWithExtension } from '../support/chromium';
import { startPageServer } from '../support/page-server';
import { expect, test } from './fixtures/extension';
import { api, useBuiltInEngine } from './pages/engine';
import { FLOW_TIMEOUT } from './pages/popup';
import { OptionsPage } from './pages/options';

const watch = (url: string, maxPrice: number, expiresInDays = 5) => ({
  type: 'purchase',
  external_user_id: 'extension-user',
  objective: { product: { product_url: url, product_title: 'Desk, "oak", 120 cm' }, quantity: 1 },
  conditions: { availability: 'in_stock', max_price_cents: maxPrice, currency: 'EUR' },
  guardrails: { expires_at: new Date(Date.now() + expiresInDays * 86_400_000).toISOString() },
});

test('export CSV and JSON with history, then import the JSON in a new browser', async ({
  context,
  extensionId,
  sandbox,
}) => {
  const shop = await startPageServer();
  const second = await launchWithExtension();
  try {
    shop.set('desk', { price_cents: 49_900, currency: 'EUR' });
    shop.set('lamp', { price_cents: 8_900, currency: 'EUR' });
    const settings = await useBuiltInEngine(context, extensionId, sandbox.url);
    const desk = await api(settings, 'POST', '/v1/intents', watch(shop.url('desk'), 45_000));
    const lamp = await api(settings, 'POST', '/v1/intents', watch(shop.url('lamp'), 5_000));
    await api(settings, 'POST', `/v1/intents/${lamp.body.intent_id}/cancel`, {});
    await expect
      .poll(
        async () =>
          (await api(settings, 'GET', `/v1/intents/${desk.body.intent_id}/price_history`)).body.data
            .length,
        { timeout: FLOW_TIMEOUT },
      )
      .toBe(1);

    const options = await OptionsPage.open(context, extensionId);
    const [csvDownload] = await Promise.all([
      options.page.waitForEvent('download'),
      options.byTestId('export-csv').click(),
    ]);
    const csv = readFileSync((await csvDownload.path())!, 'utf8').split('\r\n');
    expect(csv[0]).toBe(
      'intent_id,status,title,product_url,currency,max_price,last_price,availability,last_checked,expires_at,created_at',
    );
    const deskLine = csv.find((line) => line.startsWith(desk.body.intent_id))!;
    expect(deskLine).toContain(
      `,"Desk, ""oak"", 120 cm",${shop.url('desk')},EUR,450.00,499.00,in_stock,`,
    );
    expect(csv.filter((line) => line.startsWith('int_'))).toHaveLength(2);

    const [jsonDownload] = await Promise.all([
      options.page.waitForEvent('download'),
      options.byTestId('export-json').click(),
    ]);
    const jsonPath = (await jsonDownload.path())!;
    const exported = JSON.parse(readFileSync(jsonPath, 'utf8'));
    expect(exported.format).toBe('intent-commerce.watches');
    const deskWatch = exported.watches.find(
      (w: { intent: { intent_id: string } }) => w.intent.intent_id === desk.body.intent_id,
    );
    expect(deskWatch.price_history[0]).toMatchObject({ price_cents: 49_900, currency: 'EUR' });
    expect(deskWatch.events.map((e: { type: string }) => e.type)).toContain('intent.created');

    // A new browser: the open watch comes back, the canceled one does not; twice is once.
    const worker: Worker =
      second.context.serviceWorkers()[0] ?? (await second.context.waitForEvent('serviceworker'));
    const secondId = new URL(worker.url()).host;
    const otherSettings = await useBuiltInEngine(second.context, secondId, sandbox.url);
    const otherOptions = await OptionsPage.open(second.context, secondId);
    for (const expected of [/^Imported 1 watch \(1 skipped/, /^Imported 0 watches \(2 skipped/]) {
      await otherOptions.byTestId('import-json').setInputFiles(jsonPath);
      await expect(otherOptions.byTestId('export-result')).toHaveText(expected, {
        timeout: FLOW_TIMEOUT,
      });
    }
    const list = await api(otherSettings, 'GET', '/v1/intents?limit=10');
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      objective: { product: { product_url: shop.url('desk') } },
      conditions: { max_price_cents: 45_000, currency: 'EUR' },
      metadata: { imported_from: desk.body.intent_id },
    });
  } finally {
    await second.close();
    await shop.close();
  }
});
