import { defineConfig } from 'wxt';

/** Origins the popup asks for, one at a time, when the user watches a product (or sets a server). */
const OPTIONAL_ORIGINS = ['http://*/*', 'https://*/*'];
/**
 * e2e builds only (`WXT_E2E=1 wxt build`): Playwright cannot answer a permission prompt, so the
 * local sandbox merchant and server are granted up front. Never set for a release build.
 */
const E2E_ORIGINS = ['http://127.0.0.1/*', 'http://localhost/*'];

export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  manifest: ({ browser, manifestVersion }) => ({
    name: 'Intent Commerce',
    description: 'Watch a product and buy it the moment your conditions hold.',
    // Least privilege: no host permission up front, no content script on every page.
    permissions: ['storage', 'alarms', 'notifications', 'activeTab', 'scripting'],
    // MV2 (Firefox) has no optional_host_permissions: origins go into optional_permissions.
    ...(manifestVersion === 3
      ? { optional_host_permissions: OPTIONAL_ORIGINS }
      : { optional_permissions: OPTIONAL_ORIGINS }),
    ...(process.env.WXT_E2E === '1' ? { host_permissions: E2E_ORIGINS } : {}),
    // No eval, no remote code (WXT's MV3 default would also allow 'wasm-unsafe-eval').
    content_security_policy: { extension_pages: "script-src 'self'; object-src 'self';" },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'intent-commerce@intent-commerce.dev',
              data_collection_permissions: { required: ['none'] },
            },
          },
        }
      : {}),
  }),
});
