import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MessageRefused, Settings, SettingsTestReply } from '../../../components/messages';
import { startBackground } from './support';

describe('settings messages', () => {
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    stop = undefined;
  });

  it('starts from the defaults', async () => {
    const bg = startBackground();
    stop = bg.stop;
    expect(Settings.parse(await bg.send({ type: 'settings.get' }))).toEqual({
      mode: 'builtin',
      remote_base_url: null,
      has_remote_api_key: false,
      default_payment_method_id: 'pm_card_visa',
      check_interval_seconds: 60,
      sandbox_url: 'http://127.0.0.1:8081',
      notify_price_drops: true,
    });
  });

  it('round-trips settings and never returns the remote or local API key', async () => {
    const bg = startBackground({
      remoteFetch: async () => new Response('{"data":[]}', { status: 200 }),
    });
    stop = bg.stop;
    // The built-in engine creates the local key on first use.
    await bg.send({ type: 'api', method: 'GET', path: '/v1/payment_methods', headers: {} });
    const set = await bg.send({
      type: 'settings.set',
      settings: {
        mode: 'remote',
        remote_base_url: 'https://intents.example.com/',
        check_interval_seconds: 300,
        default_payment_method_id: 'pm_card_otp_required',
      },
      remote_api_key: 'sk_test_remote_secret_123',
    });
    const got = await bg.send({ type: 'settings.get' });
    for (const reply of [set, got]) {
      expect(Settings.parse(reply)).toEqual({
        mode: 'remote',
        remote_base_url: 'https://intents.example.com',
        has_remote_api_key: true,
        default_payment_method_id: 'pm_card_otp_required',
        check_interval_seconds: 300,
        sandbox_url: 'http://127.0.0.1:8081',
        notify_price_drops: true,
      });
      const text = JSON.stringify(reply);
      expect(text).not.toContain('sk_test_remote_secret_123');
      expect(text).not.toMatch(/sk_(test|live)_/);
    }
    // The keys are where the background keeps them, and only there.
    const stored = await fakeBrowser.storage.local.get(null);
    expect(stored.remote_api_key).toBe('sk_test_remote_secret_123');
    expect(stored.local_api_key).toMatch(/^sk_test_/);
  });

  it('keeps the stored key when remote_api_key is absent and removes it when null', async () => {
    const bg = startBackground();
    stop = bg.stop;
    await bg.send({ type: 'settings.set', settings: {}, remote_api_key: 'sk_test_x' });
    await bg.send({ type: 'settings.set', settings: { check_interval_seconds: 90 } });
    expect(Settings.parse(await bg.send({ type: 'settings.get' })).has_remote_api_key).toBe(true);
    await bg.send({ type: 'settings.set', settings: {}, remote_api_key: null });
    expect(Settings.parse(await bg.send({ type: 'settings.get' })).has_remote_api_key).toBe(false);
  });

  it('refuses invalid settings without storing anything', async () => {
    const bg = startBackground();
    stop = bg.stop;
    const reply = MessageRefused.parse(
      await bg.send({ type: 'settings.set', settings: { check_interval_seconds: 0 } }),
    );
    expect(reply.error.code).toBe('invalid_message');
    expect(await fakeBrowser.storage.local.get('settings')).toEqual({});
  });

  it('settings.test says whether the configured engine answers', async () => {
    const bg = startBackground({
      remoteFetch: async () =>
        new Response(
          '{"error":{"type":"authentication_error","code":"api_key_invalid","message":"Invalid API key."},"request_id":"req_1"}',
          { status: 401 },
        ),
    });
    stop = bg.stop;
    const builtin = SettingsTestReply.parse(await bg.send({ type: 'settings.test' }));
    expect(builtin.ok).toBe(true);
    expect(builtin.message).toContain('payment method');
    await bg.send({
      type: 'settings.set',
      settings: { mode: 'remote', remote_base_url: 'https://intents.example.com' },
      remote_api_key: 'sk_test_wrong',
    });
    const remote = SettingsTestReply.parse(await bg.send({ type: 'settings.test' }));
    expect(remote).toEqual({
      ok: false,
      message: 'The server at https://intents.example.com: Invalid API key.',
    });
  });

  it('settings.test says so when the remote address answers with a web page', async () => {
    const bg = startBackground({
      remoteFetch: async () =>
        new Response('<!doctype html><title>Dashboard</title>', {
          status: 200,
          headers: { 'Content-Type': 'text/html' },
        }),
    });
    stop = bg.stop;
    await bg.send({
      type: 'settings.set',
      settings: { mode: 'remote', remote_base_url: 'https://dashboard.example.com' },
      remote_api_key: 'sk_test_x',
    });
    const reply = SettingsTestReply.parse(await bg.send({ type: 'settings.test' }));
    expect(reply.ok).toBe(false);
    expect(reply.message).toContain(
      'https://dashboard.example.com answers, but not as an Intent Commerce API',
    );
  });
});
