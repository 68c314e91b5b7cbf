import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IConfiguration, type IViolation } from 'dependency-cruiser';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function lintAs(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.message).join('\n');
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

describe('engine/ stays runtime-neutral (lint rule)', () => {
  it.each([
    ["import { readFileSync } from 'node:fs';\nexport const x = readFileSync;", 'node:'],
    ['export const now = () => Date.now();', 'Clock'],
    ['export const v = process.env.X;', 'runtime-neutral'],
    ['export const w = window.location;', 'runtime-neutral'],
    ['export const c = chrome.runtime;', 'runtime-neutral'],
    ['export const d = new Date();', 'Clock'],
  ])('refuses %s', async (code, hint) => {
    expect(await lintAs('engine/intents/example.ts', code)).toContain(hint);
  });

  it('allows the same code in engine/adapters and outside the engine', async () => {
    expect(await lintAs('server/example.ts', 'export const now = () => Date.now();')).toBe('');
    expect(
      await lintAs('engine/adapters/example.ts', 'export const v = () => chrome.runtime;'),
    ).not.toContain('runtime-neutral');
  });
});

describe('import boundaries (lint rule)', () => {
  it.each([
    ['server/net/x.ts', "import type { Fetcher } from '../../engine/ports';", 'entry file'],
    ['server/x.ts', "export { loadIntent } from '../engine/intents/service';", 'entry file'],
    [
      'entrypoints/background/x.ts',
      "import { createDexieStore } from '../../engine/adapters/dexie';",
      'entry file',
    ],
    ['entrypoints/popup/x.tsx', "import { createApi } from '@/engine/api/app';", 'entry file'],
    ['entrypoints/popup/y.ts', "import { TABLES } from '~~/engine/store/schema';", 'entry file'],
    [
      'components/api/x.ts',
      "import type { IntentDoc } from '../../engine/schemas/intent-doc';",
      'engine/contract.ts',
    ],
    ['components/x.ts', "import { createEngine } from '../engine/index';", 'engine/contract.ts'],
    ['components/ui/x.ts', "import { serve } from '../../server/cli/serve';", 'server/'],
    ['entrypoints/popup/x.ts', "import { serve } from '@/server/cli/serve';", 'server/'],
    [
      'engine/intents/x.ts',
      "import { wire } from '../../server/merchants';",
      'never imports server/',
    ],
    ['engine/x.ts', "import { host } from '../entrypoints/background/host';", 'entrypoints/'],
    ['engine/adapters/x.ts', "import { labels } from '@/components/ui/labels';", 'components/'],
    ['engine/contract.ts', "export { createEngine } from './engine';", 'exports types'],
    ['engine/contract.ts', "import { TABLES } from './store/schema';", 'types only'],
    [
      'engine/vocabulary.ts',
      "import { LIMITS } from './limits';\nexport const L = LIMITS;",
      'no imports',
    ],
  ])('refuses in %s: %s', async (file, code, hint) => {
    expect(await lintAs(file, `${code}\n`)).toContain(hint);
  });

  it.each([
    ['server/x.ts', "export { createEngine } from '../engine/index';"],
    ['entrypoints/background/x.ts', "export { createDexieStore } from '../../engine/browser';"],
    ['entrypoints/content/x.ts', "export { extractProduct } from '../../engine/extract/index';"],
    ['components/x.ts', "export { STATUSES, type Intent } from '../engine/contract';"],
    [
      'engine/contract.ts',
      "export { STATUSES } from './vocabulary';\nexport type { Engine } from './engine';",
    ],
  ])('allows in %s: %s', async (file, code) => {
    expect(await lintAs(file, `${code}\n`)).toBe('');
  });
});

const depcruiseConfig: IConfiguration = createRequire(import.meta.url)(
  '../../.dependency-cruiser.cjs',
);

/** Runs the lint's dependency-cruiser rules over a throw-away tree of `files` (path -> source). */
async function cruiseTree(files: Record<string, string>): Promise<IViolation[]> {
  const dir = mkdtempSync(join(tmpdir(), 'layers-'));
  try {
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), source);
    }
    // The tree has no tsconfig of its own; relative imports resolve without one.
    const { tsConfig: _tsConfig, ...options } = depcruiseConfig.options ?? {};
    const result = await cruise(['engine'], {
      ...options,
      baseDir: dir,
      validate: true,
      ruleSet: { forbidden: depcruiseConfig.forbidden ?? [] },
    });
    if (typeof result.output === 'string') throw new Error(result.output);
    return result.output.summary.violations;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ruleNames = (violations: IViolation[]) => violations.map((v) => v.rule.name).sort();

describe('engine layers and import cycles (dependency-cruiser, in npm run lint)', () => {
  it('refuses an import from a lower layer up to a higher one', async () => {
    const violations = await cruiseTree({
      'engine/util/time.ts':
        "import { later } from '../execute/steps';\nexport const now = later;\n",
      'engine/execute/steps.ts': 'export const later = 1;\n',
    });
    expect(ruleNames(violations)).toEqual(['engine-layer-util']);
  });

  it('refuses imports between folders of one layer, and of the entry files from inside', async () => {
    const violations = await cruiseTree({
      'engine/monitor/round.ts':
        "import { run } from '../execute/run';\nexport const round = run;\n",
      'engine/execute/run.ts': "import { engine } from '../index';\nexport const run = engine;\n",
      'engine/index.ts': 'export const engine = 1;\n',
    });
    expect(ruleNames(violations)).toEqual(['engine-layer-execute', 'engine-layer-monitor']);
  });

  it('refuses an import cycle made of type imports only', async () => {
    const violations = await cruiseTree({
      'engine/execute/a.ts': "import type { B } from './b';\nexport type A = { b?: B };\n",
      'engine/execute/b.ts': "import type { A } from './a';\nexport type B = { a?: A };\n",
    });
    expect(ruleNames(violations)).toContain('no-circular');
  });

  it('allows imports down the layers and into the same folder', async () => {
    const violations = await cruiseTree({
      'engine/api/app.ts': "import { step } from '../execute/steps';\nexport const app = step;\n",
      'engine/execute/steps.ts':
        "import { apply } from '../machine/apply';\nimport { now } from './time';\nexport const step = apply + now;\n",
      'engine/execute/time.ts': "import { iso } from '../util/time';\nexport const now = iso;\n",
      'engine/machine/apply.ts': "import { iso } from '../util/time';\nexport const apply = iso;\n",
      'engine/util/time.ts': 'export const iso = 1;\n',
    });
    expect(violations).toEqual([]);
  });
});

describe('conventions', () => {
  it('has no focused or skipped tests', () => {
    const offenders = filesUnder('test').filter(
      (file) =>
        /\.(test|spec)\.tsx?$/.test(file) &&
        /\b(it|test|describe)\.(only|skip)\(/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps engine, server and extension source files under 400 lines', () => {
    const sources = ['engine', 'server', 'entrypoints', 'components']
      .flatMap(filesUnder)
      .filter((f) => /\.(ts|tsx)$/.test(f));
    const long = sources.filter((file) => readFileSync(file, 'utf8').split('\n').length > 400);
    expect(long).toEqual([]);
  });
});
