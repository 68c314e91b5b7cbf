import type { BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { FLOW_TIMEOUT } from './popup';

/** The options page (`options.html`): engine mode, remote server, defaults. */
export class OptionsPage {
  constructor(readonly page: Page) {}

  static async open(context: BrowserContext, extensionId: string): Promise<OptionsPage> {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/options.html`);
    const options = new OptionsPage(page);
    // The form renders once the background answered settings.get.
    await expect(options.byTestId('save-settings')).toBeVisible({ timeout: FLOW_TIMEOUT });
    return options;
  }

  byTestId = (id: string) => this.page.getByTestId(id);

  /** Built-in engine: buys from `sandboxUrl`, checks every `intervalSeconds`. */
  async useBuiltin(settings: { sandboxUrl: string; intervalSeconds: number }) {
    await this.byTestId('mode-builtin').check();
    await this.byTestId('sandbox-url').fill(settings.sandboxUrl);
    await this.byTestId('check-interval').fill(String(settings.intervalSeconds));
    await this.save();
  }

  /** Remote server at `url` with `key`; saved, then the saved connection is tested. */
  async useRemote(settings: { url: string; key: string; sandboxUrl?: string }) {
    await this.byTestId('mode-remote').check();
    await this.byTestId('remote-url').fill(settings.url);
    await this.byTestId('remote-key').fill(settings.key);
    if (settings.sandboxUrl !== undefined)
      await this.byTestId('sandbox-url').fill(settings.sandboxUrl);
    await this.save();
  }

  async save() {
    await this.byTestId('save-settings').click();
    await expect(this.byTestId('save-result')).toHaveText('Settings saved.', {
      timeout: FLOW_TIMEOUT,
    });
    await expect(this.byTestId('save-warning')).toHaveCount(0);
  }

  /** Test connection (it tests the SAVED settings) and returns what it says. */
  async testConnection(): Promise<string> {
    await this.byTestId('test-connection').click();
    const result = this.byTestId('connection-result');
    await expect(result).not.toBeEmpty({ timeout: FLOW_TIMEOUT });
    return (await result.textContent()) ?? '';
  }
}
