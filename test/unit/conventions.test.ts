import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
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
