import { defineConfig } from 'wxt';

export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  manifest: {
    name: 'Intent Commerce',
    description: 'Watch a product and buy it the moment your conditions hold.',
    permissions: ['storage', 'alarms'],
  },
});
