// The server as one ES module: node starts it in about half the time tsx's loader takes to compile
// the ~300 TypeScript modules of server/ and engine/ at every start (a CLI call, a restarted
// instance). Packages stay outside it, resolved from node_modules as usual.
import { mkdirSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPOSITORY = fileURLToPath(new URL('..', import.meta.url));
const ENTRY = 'server/main.ts';
const OUT_DIR = 'dist/server';

/** Where the bundle of the checkout at `root` is (a file URL). */
export const bundleOf = (root = REPOSITORY) => pathToFileURL(join(root, OUT_DIR, 'main.mjs'));

/**
 * True when the bundle exists and none of the files it was built from (this one included) changed
 * or went away since its build began: an edited checkout never runs stale code.
 */
export function bundleIsFresh(root = REPOSITORY) {
  try {
    const builtAt = statSync(fileURLToPath(bundleOf(root))).mtimeMs;
    const inputs = JSON.parse(readFileSync(join(root, OUT_DIR, 'inputs.json'), 'utf8'));
    return inputs.every((path) => statSync(join(root, path)).mtimeMs <= builtAt);
  } catch {
    return false;
  }
}

/** Bundles `server/main.ts` of the checkout at `root` into dist/server/main.mjs (+ source map). */
export async function buildServerBundle(root = REPOSITORY) {
  const { build } = await import('esbuild');
  const startedAt = new Date();
  const outfile = join(root, OUT_DIR, 'main.mjs');
  const result = await build({
    absWorkingDir: root,
    entryPoints: [ENTRY],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  const self = relative(root, fileURLToPath(import.meta.url));
  const inputs = [...Object.keys(result.metafile.inputs), ...(self.startsWith('..') ? [] : [self])];
  mkdirSync(dirname(outfile), { recursive: true });
  // Each file is written under a temporary name and renamed, the bundle last: a process starting
  // meanwhile loads the old bundle or the new one, never half of one.
  const files = [
    { path: join(root, OUT_DIR, 'inputs.json'), contents: JSON.stringify(inputs) },
    ...result.outputFiles.sort((a, b) => Number(a.path === outfile) - Number(b.path === outfile)),
  ];
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    // Dated from the build's start: a source saved while esbuild read the others counts as newer.
    utimesSync(temporary, startedAt, startedAt);
    renameSync(temporary, file.path);
  }
  return { inputs: inputs.length };
}
