import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../playwright.config';

export const EXTENSION_DIR = resolve('.output/chrome-mv3');

/** An X display for a headed Chromium (e.g. Xvfb's), filled by the browser's window. */
export interface HeadedDisplay {
  name: string;
  width: number;
  height: number;
}

interface WindowMode {
  headless: boolean;
  viewport: { width: number; height: number } | null;
  env?: NodeJS.ProcessEnv;
  args: string[];
}

const HEADLESS: WindowMode = { headless: true, viewport: { width: 420, height: 720 }, args: [] };

/**
 * Headed on an X display: the window fills the screen, and notifications are Chromium's own
 * pop-ups drawn on that screen, never handed to a desktop notification service (no D-Bus session
 * bus, native notifications off).
 */
function headedOn(display: HeadedDisplay): WindowMode {
  const { DBUS_SESSION_BUS_ADDRESS: _bus, ...env } = process.env;
  return {
    headless: false,
    viewport: null,
    env: { ...env, DISPLAY: display.name },
    args: [
      '--window-position=0,0',
      `--window-size=${display.width},${display.height}`,
      '--disable-features=NativeNotifications,SystemNotifications',
    ],
  };
}

/**
 * Debian's Chromium (never downloaded) with the built extension loaded, on a fresh profile;
 * headless, or headed on `display`. `close` also removes the profile.
 */
export async function launchWithExtension(options: { display?: HeadedDisplay } = {}): Promise<{
  context: BrowserContext;
  close: () => Promise<void>;
}> {
  const profile = mkdtempSync(join(tmpdir(), 'chromium-profile-'));
  const mode = options.display ? headedOn(options.display) : HEADLESS;
  const context = await chromium.launchPersistentContext(profile, {
    headless: mode.headless,
    executablePath: CHROMIUM,
    args: [
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
      ...CHROMIUM_FLAGS,
      ...mode.args,
    ],
    viewport: mode.viewport,
    ...(mode.env && { env: mode.env }),
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  return {
    context,
    close: async () => {
      try {
        await context.close();
      } finally {
        rmSync(profile, { recursive: true, force: true });
      }
    },
  };
}
