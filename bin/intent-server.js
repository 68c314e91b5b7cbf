#!/usr/bin/env -S node --max-semi-space-size=32
// Runs the server from its bundle (dist/server/main.mjs: `npm ci` builds it, so does
// `npm run build:server`) while it matches the sources, else the TypeScript sources through tsx's
// loader: slower to start, never stale.
import { bundleIsFresh, bundleOf } from './server-bundle.js';

if (bundleIsFresh()) {
  process.setSourceMapsEnabled(true);
  await import(bundleOf().href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../server/main.ts');
}
