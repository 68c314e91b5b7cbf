import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServerBundle, bundleIsFresh, bundleOf } from '../../bin/server-bundle.js';

/** A checkout of two modules: server/main.ts prints what server/greeting.ts exports. */
function checkout() {
  const root = mkdtempSync(join(tmpdir(), 'intent-bundle-'));
  mkdirSync(join(root, 'server'));
  writeFileSync(
    join(root, 'server/main.ts'),
    "import { greeting } from './greeting';\nconsole.log(greeting satisfies string);\n",
  );
  greet(root, 'hello');
  roots.push(root);
  return root;
}
const greet = (root: string, text: string) =>
  writeFileSync(join(root, 'server/greeting.ts'), `export const greeting = '${text}';\n`);
const run = (root: string) =>
  execFileSync(process.execPath, [fileURLToPath(bundleOf(root))], { encoding: 'utf8' }).trim();

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('the server bundle', () => {
  it('is missing, then built from the sources and fresh', async () => {
    const root = checkout();
    expect(bundleIsFresh(root)).toBe(false);
    await buildServerBundle(root);
    expect(bundleIsFresh(root)).toBe(true);
    expect(run(root)).toBe('hello');
  });

  it('is stale once a source it was built from changes, until it is built again', async () => {
    const root = checkout();
    await buildServerBundle(root);
    greet(root, 'hello again');
    expect(bundleIsFresh(root)).toBe(false);
    await buildServerBundle(root);
    expect(bundleIsFresh(root)).toBe(true);
    expect(run(root)).toBe('hello again');
  });

  // The kernel dates a write by its coarse clock, up to a tick behind Date.now(): a source saved
  // just after the build began can be dated before it (a CI flake, 2026-11-29).
  it('is stale once a source changes, even one dated before the build began', async () => {
    const root = checkout();
    await buildServerBundle(root);
    const builtAt = statSync(fileURLToPath(bundleOf(root))).mtime;
    greet(root, 'hello, later');
    const before = new Date(builtAt.getTime() - 1);
    utimesSync(join(root, 'server/greeting.ts'), before, before);
    expect(bundleIsFresh(root)).toBe(false);
  });

  it('stays fresh when a source is saved again with the same text', async () => {
    const root = checkout();
    await buildServerBundle(root);
    greet(root, 'hello');
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'server/greeting.ts'), later, later);
    expect(bundleIsFresh(root)).toBe(true);
  });

  it('is stale when its list of sources has the format of an older release', async () => {
    const root = checkout();
    await buildServerBundle(root);
    const list = join(root, 'dist/server/inputs.json');
    writeFileSync(list, JSON.stringify(['server/main.ts', 'server/greeting.ts']));
    expect(bundleIsFresh(root)).toBe(false);
  });

  it('is stale once a source it was built from is gone', async () => {
    const root = checkout();
    await buildServerBundle(root);
    rmSync(join(root, 'server/greeting.ts'));
    expect(bundleIsFresh(root)).toBe(false);
  });

  it('is stale when its list of sources is lost', async () => {
    const root = checkout();
    await buildServerBundle(root);
    rmSync(join(root, 'dist/server/inputs.json'));
    expect(bundleIsFresh(root)).toBe(false);
  });

  it('of this checkout is fresh for the tests (their global setup builds it)', () => {
    expect(bundleIsFresh()).toBe(true);
  });
});
