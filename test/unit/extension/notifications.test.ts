import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiReply, MonitorTickReply } from '../../../components/messages';
import { startSandboxMerchant } from '../../../server/sandbox-merchant/index';
import { intentBody, startBackground } from './support';

let sandbox: Awaited<ReturnType<typeof startSandboxMerchant>>;
beforeAll(async () => {
  sandbox = await startSandboxMerchant({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await sandbox?.close();
});

async function sandboxProduct(sku: string, price_cents: number) {
  const res = await fetch(`${sandbox.url}/_control/products/${sku}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: `Test ${sku}`, price_cents, availability: 'in_stock' }),
  });
  expect(res.ok).toBe(true);
  return `${sandbox.url}/products/${sku}`;
}

const badge = () => fakeBrowser.action.getBadgeText({});
const notified = () => Object.keys(fakeBrowser.notifications.getAllCreateOptions());

describe('badge and notifications (built-in engine buying from the sandbox merchant)', () => {
  it('counts intents waiting for the user, notifies once per change, and opens the popup on click', async () => {
    const bg = startBackground();
    try {
      await bg.send({ type: 'settings.set', settings: { sandbox_url: sandbox.url } });
      await bg.background.wake();
      expect(await badge()).toBe('');

      const url = await sandboxProduct(`ext-otp-${Date.now()}`, 4_999);
      const created = ApiReply.parse(
        await bg.send({
          type: 'api',
          method: 'POST',
          path: '/v1/intents',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(
            intentBody(url, {
              guardrails: { allowed_merchants: ['127.0.0.1'] },
              payment: { payment_method_id: 'pm_card_otp_required', max_charge_cents: 30_000 },
            }),
          ),
        }),
      );
      expect(created.status).toBe(201);
      const id = JSON.parse(created.body).intent_id as string;

      // "Check now": the round finds the conditions met, the executor buys and the bank asks for an OTP.
      const tick = MonitorTickReply.parse(await bg.send({ type: 'monitor.tick' }));
      expect(tick.ok).toBe(true);
      await vi.waitFor(async () => expect(await badge()).toBe('1'), { timeout: 10_000 });
      expect(notified()).toEqual([`intent:${id}:requires_user_action`]);
      expect(
        fakeBrowser.notifications.getAllCreateOptions()[`intent:${id}:requires_user_action`],
      ).toMatchObject({ type: 'basic', title: 'Code needed' });

      // Looking again announces nothing new.
      await bg.background.notifier.refresh();
      expect(notified()).toHaveLength(1);

      const resumed = ApiReply.parse(
        await bg.send({
          type: 'api',
          method: 'POST',
          path: `/v1/intents/${id}/resume`,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ user_action: { type: 'otp', completed: true, code: '000000' } }),
        }),
      );
      expect(resumed.status).toBe(200);
      await vi.waitFor(async () => expect(notified()).toContain(`intent:${id}:succeeded`), {
        timeout: 10_000,
      });
      expect(await badge()).toBe('');

      const create = vi.spyOn(fakeBrowser.tabs, 'create');
      fakeBrowser.notifications.onClicked.addListener(bg.background.onNotificationClicked);
      await fakeBrowser.notifications.onClicked.trigger(`intent:${id}:succeeded`);
      await vi.waitFor(() =>
        expect(create).toHaveBeenCalledWith({
          url: fakeBrowser.runtime.getURL(`/popup.html?intent=${id}`),
        }),
      );
      expect(bg.errors).toEqual([]);
    } finally {
      await bg.stop();
    }
  });
});
