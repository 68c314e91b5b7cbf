import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const DIR = new URL('../../../engine/extract/', import.meta.url);
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.ts'))
  .map((name) => ({ name, source: readFileSync(new URL(name, DIR), 'utf8') }));

describe('engine/extract conventions', () => {
  it('keeps every file small: one concern per file', () => {
    for (const { name, source } of files) {
      expect(source.split('\n').length, name).toBeLessThanOrEqual(200);
    }
  });

  it('stays runtime-neutral: no Node modules, browser globals, DOMParser or wall clock', () => {
    const forbidden = [
      /from ['"]node:/,
      /\bwindow\./,
      /\bdocument\./,
      /\bchrome\./,
      /\bprocess\./,
      /DOMParser/,
      /Date\.now/,
    ];
    for (const { name, source } of files) {
      const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      for (const pattern of forbidden)
        expect(code, `${name} matches ${pattern}`).not.toMatch(pattern);
    }
  });

  it('exports the public API from index.ts', async () => {
    const api = await import('../../../engine/extract');
    expect(Object.keys(api).sort()).toEqual([
      'extractProduct',
      'minorUnits',
      'normalizeAvailability',
      'parsePrice',
    ]);
  });
});
