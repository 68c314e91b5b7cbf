#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader: `npm ci` is the only build step.
import { register } from 'tsx/esm/api';

register();
await import('../server/main.ts');
