import { browser } from 'wxt/browser';
import { z } from 'zod';
import { createBackground, type BackgroundOptions } from './background';

/**
 * The service worker's entry. Every listener is registered synchronously, before any await, so
 * the event that woke the worker is delivered; the engine opens lazily behind one promise that
 * the handlers await (see host.ts), and `wake()` opens it right away so recovery runs.
 */
export function main(options: BackgroundOptions = {}) {
  // MV3 pages and workers forbid eval: zod must not try to compile its parsers.
  z.config({ jitless: true });
  const background = createBackground(options);
  browser.runtime.onMessage.addListener(background.onMessage);
  browser.alarms.onAlarm.addListener(background.onAlarm);
  browser.notifications.onClicked.addListener(background.onNotificationClicked);
  browser.runtime.onInstalled.addListener(background.onInstalled);
  browser.runtime.onStartup.addListener(background.onStartup);
  void background.wake();
  return background;
}
