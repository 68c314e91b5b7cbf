import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BrowserContext, Locator, Page, TestInfo } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * Where a screenshot goes: the test's output directory, or docs/screenshots/ when
 * UPDATE_SCREENSHOTS=1 (so that a normal run leaves the tree unchanged).
 */
export function screenshotPath(testInfo: TestInfo, name: string): string {
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    const dir = resolve('docs/screenshots');
    mkdirSync(dir, { recursive: true });
    return join(dir, name);
  }
  return testInfo.outputPath(name);
}

/** Generous: a monitor round, a checkout and a service worker restart all fit well inside it. */
export const FLOW_TIMEOUT = 30_000;

/**
 * The popup (`popup.html`) opened in a tab. `?tabId=N` makes it read tab N instead of the active
 * tab (which is the popup itself here).
 */
export class PopupPage {
  constructor(readonly page: Page) {}

  static async open(
    context: BrowserContext,
    extensionId: string,
    query: { tabId?: number } = {},
  ): Promise<PopupPage> {
    const page = await context.newPage();
    const search = query.tabId === undefined ? '' : `?tabId=${query.tabId}`;
    await page.goto(`chrome-extension://${extensionId}/popup.html${search}`);
    return new PopupPage(page);
  }

  byTestId = (id: string) => this.page.getByTestId(id);

  // ---- This page: the product the tab shows, and the Watch form ----

  get product() {
    return {
      title: this.byTestId('product-title'),
      price: this.byTestId('product-price'),
      stock: this.byTestId('product-stock'),
      merchant: this.byTestId('product-merchant'),
    };
  }

  get watchForm(): Locator {
    return this.byTestId('watch-form');
  }

  /**
   * Fills the Watch form (price in major units, e.g. "110.00") without submitting it; a payment
   * method only where the engine pays (the sandbox).
   */
  async fillWatch(terms: { maxPrice: string; paymentMethod?: string; quantity?: number }) {
    await expect(this.watchForm).toBeVisible();
    await this.byTestId('watch-max-price').fill(terms.maxPrice);
    if (terms.quantity !== undefined)
      await this.byTestId('watch-quantity').fill(String(terms.quantity));
    if (terms.paymentMethod === undefined) return;
    // The select appears once the engine listed its payment methods.
    const method = this.byTestId('watch-payment-method');
    await expect(method.locator(`option[value="${terms.paymentMethod}"]`)).toHaveCount(1, {
      timeout: FLOW_TIMEOUT,
    });
    await method.selectOption(terms.paymentMethod);
    await expect(method).toHaveValue(terms.paymentMethod);
  }

  async submitWatch() {
    await this.byTestId('watch-submit').click();
  }

  // ---- Watching: the list, action cards, receipts ----

  async showWatching() {
    await this.byTestId('tab-watching').click();
    await expect(this.byTestId('tab-watching')).toHaveAttribute('aria-selected', 'true');
  }

  get rows(): Locator {
    return this.byTestId('intent-row');
  }

  row(intentId: string): Locator {
    return this.page.locator(`[data-testid="intent-row"][data-intent-id="${intentId}"]`);
  }

  /** The single intent row's id, once it is listed. */
  async onlyIntentId(): Promise<string> {
    await expect(this.rows).toHaveCount(1, { timeout: FLOW_TIMEOUT });
    const id = await this.rows.getAttribute('data-intent-id');
    expect(id).toMatch(/^int_/);
    return id!;
  }

  async expectStatus(intentId: string, status: string) {
    await expect(this.row(intentId)).toHaveAttribute('data-status', status, {
      timeout: FLOW_TIMEOUT,
    });
  }

  actionCard(intentId: string): Locator {
    return this.page.locator(`[data-testid="action-card"][data-intent-id="${intentId}"]`);
  }

  /** Types a code in the intent's OTP card and submits it. */
  async submitOtp(intentId: string, code: string) {
    const card = this.actionCard(intentId);
    await card.getByTestId('otp-input').fill(code);
    await card.getByTestId('otp-submit').click();
  }

  async openReceipt(intentId: string) {
    await this.row(intentId).getByTestId('view-receipt').click();
    await expect(this.byTestId('receipt')).toBeVisible({ timeout: FLOW_TIMEOUT });
  }

  /** A screenshot of the popup itself (the body is 380 px wide), whole height. */
  async screenshot(path: string) {
    await this.page.locator('body').screenshot({ path, animations: 'disabled', caret: 'hide' });
  }
}
