import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../playwright.config';

export const EXTENSION_DIR = resolve('.output/chrome-mv3');

/**
 * Debian's headless Chromium (never downloaded) with the built extension loaded, on a fresh
 * profile; `close` also removes the profile.
 */
export async function launchWithExtension(): Promise<{
  context: BrowserContext;
  close: () => Promise<void>;
}> {
  const profile = mkdtempSync(join(tmpdir(), 'chromium-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    headless: true,
    executablePath: CHROMIUM,
    args: [
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
      ...CHROMIUM_FLAGS,
    ],
    viewport: { width: 420, height: 720 },
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
