import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MessageRefused, Settings } from '../../../components/messages';
import { isOwnPage } from '../../../entrypoints/background/bridge';
import { main } from '../../../entrypoints/background/main';
import { popupSender, startBackground } from './support';

describe('background message bridge', () => {
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    stop = undefined;
  });

  it('answers a valid message from its own popup', async () => {
    const bg = startBackground();
    stop = bg.stop;
    const reply = await bg.send({ type: 'settings.get' });
    expect(Settings.parse(reply).mode).toBe('builtin');
  });

  it.each([
    ['an unknown type', { type: 'engine.wipe' }],
    ['no type', { path: '/v1/intents' }],
    ['an API path outside /v1', { type: 'api', method: 'GET', path: '/admin', headers: {} }],
    ['an unsupported method', { type: 'api', method: 'PUT', path: '/v1/intents', headers: {} }],
    ['a wrong field type', { type: 'capture', tabId: 'active' }],
    ['a string', 'settings.get'],
  ])('refuses %s as invalid_message', async (_what, message) => {
    const bg = startBackground();
    stop = bg.stop;
    const reply = MessageRefused.parse(await bg.send(message as Record<string, unknown>));
    expect(reply.error.code).toBe('invalid_message');
  });

  it.each([
    [
      'a content script (our id, a web page URL)',
      { id: 'test-extension-id', url: 'https://shop.example.com/p/1', tab: { id: 3 } },
    ],
    [
      'another extension',
      { id: 'other-extension', url: 'chrome-extension://other-extension/popup.html' },
    ],
    ['a sender without URL', { id: 'test-extension-id' }],
    [
      'a page claiming our URL from another origin',
      {
        id: 'test-extension-id',
        url: 'chrome-extension://test-extension-id/popup.html',
        origin: 'https://evil.example',
      },
    ],
  ])('refuses messages from %s', async (_what, sender) => {
    const bg = startBackground();
    stop = bg.stop;
    const reply = MessageRefused.parse(
      await bg.send({ type: 'settings.get' }, sender as ReturnType<typeof popupSender>),
    );
    expect(reply.error.code).toBe('sender_not_allowed');
    // Nothing was handled: a refused api call must not even open the engine.
    const api = MessageRefused.parse(
      await bg.send(
        { type: 'api', method: 'GET', path: '/v1/intents', headers: {} },
        sender as ReturnType<typeof popupSender>,
      ),
    );
    expect(api.error.code).toBe('sender_not_allowed');
    expect(bg.background.host.opened).toBe(false);
  });

  it('accepts the options page and a popup opened in a tab', () => {
    expect(isOwnPage({ ...popupSender(), url: fakeBrowser.runtime.getURL('/options.html') })).toBe(
      true,
    );
    expect(isOwnPage({ ...popupSender(), tab: { id: 9 } as never })).toBe(true);
    expect(
      isOwnPage({ id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html') }),
    ).toBe(true);
  });
});

describe('background main()', () => {
  it('registers every listener before returning (no await in between)', async () => {
    const background = main({ dbName: 'extension-test-main', onError: () => undefined });
    try {
      expect(fakeBrowser.runtime.onMessage.hasListeners()).toBe(true);
      expect(fakeBrowser.alarms.onAlarm.hasListeners()).toBe(true);
      expect(fakeBrowser.notifications.onClicked.hasListeners()).toBe(true);
      expect(fakeBrowser.runtime.onInstalled.hasListeners()).toBe(true);
      expect(fakeBrowser.runtime.onStartup.hasListeners()).toBe(true);
      // wake() opened the engine: recovery ran and the monitor alarm exists.
      await background.wake();
      expect(background.host.opened).toBe(true);
      expect((await fakeBrowser.alarms.getAll()).map((alarm) => alarm.name)).toContain('engine:0');
    } finally {
      await background.host.stop();
    }
  });
});
