// The server as one ES module: node starts it in about half the time tsx's loader takes to compile
// the ~300 TypeScript modules of server/ and engine/ at every start (a CLI call, a restarted
// instance). Packages stay outside it, resolved from node_modules as usual.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPOSITORY = fileURLToPath(new URL('..', import.meta.url));
const ENTRY = 'server/main.ts';
const OUT_DIR = 'dist/server';

/** Where the bundle of the checkout at `root` is (a file URL). */
export const bundleOf = (root = REPOSITORY) => pathToFileURL(join(root, OUT_DIR, 'main.mjs'));

/**
 * A file's time is the kernel's coarse clock (up to a tick behind the build's `Date.now()`, and
 * seconds on some file systems): one dated this close to the build's start, or after it, may have
 * been saved after esbuild read it, so its text is compared with what was bundled (as git treats
 * a "racily clean" file).
 */
const RACY_MS = 2000;

const hashOf = (contents) => createHash('sha256').update(contents).digest('hex');

/**
 * True when the bundle exists and every file it was built from (this one included) is still there
 * with the text it was built from: an edited checkout never runs stale code. Files older than the
 * build are known unchanged by their time alone; the others are read and compared.
 */
export function bundleIsFresh(root = REPOSITORY) {
  try {
    const builtAt = statSync(fileURLToPath(bundleOf(root))).mtimeMs;
    const hashes = JSON.parse(readFileSync(join(root, OUT_DIR, 'inputs.json'), 'utf8'));
    if (typeof hashes !== 'object' || hashes === null || Array.isArray(hashes)) return false;
    return Object.entries(hashes).every(([path, hash]) => {
      const file = join(root, path);
      if (statSync(file).mtimeMs < builtAt - RACY_MS) return true;
      return hash === hashOf(readFileSync(file));
    });
  } catch {
    return false;
  }
}

/** Has esbuild load TypeScript through `hashes`, which keeps each file's hash as it was read. */
const hashingLoader = (hashes) => ({
  name: 'hash-what-is-read',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?tsx?$/ }, async ({ path }) => {
      const contents = await readFile(path);
      hashes.set(path, hashOf(contents));
      return { contents, loader: path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
});

/** Bundles `server/main.ts` of the checkout at `root` into dist/server/main.mjs (+ source map). */
export async function buildServerBundle(root = REPOSITORY) {
  const { build } = await import('esbuild');
  const startedAt = new Date();
  const selfPath = fileURLToPath(import.meta.url);
  const read = new Map([[selfPath, hashOf(readFileSync(selfPath))]]);
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
    plugins: [hashingLoader(read)],
  });
  const self = relative(root, selfPath);
  const inputs = [...Object.keys(result.metafile.inputs), ...(self.startsWith('..') ? [] : [self])];
  // An input esbuild did not load through the plugin has no hash: never fresh once it is recent.
  const hashes = Object.fromEntries(inputs.map((path) => [path, read.get(join(root, path)) ?? '']));
  mkdirSync(dirname(outfile), { recursive: true });
  // Each file is written under a temporary name and renamed, the bundle last: a process starting
  // meanwhile loads the old bundle or the new one, never half of one.
  const files = [
    { path: join(root, OUT_DIR, 'inputs.json'), contents: JSON.stringify(hashes) },
    ...result.outputFiles.sort((a, b) => Number(a.path === outfile) - Number(b.path === outfile)),
  ];
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    // Dated from the build's start: a source saved after it is compared with what was read.
    utimesSync(temporary, startedAt, startedAt);
    renameSync(temporary, file.path);
  }
  return { inputs: inputs.length };
}
