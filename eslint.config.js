import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const runtimeGlobals = [
  'process',
  'window',
  'document',
  'chrome',
  'browser',
  'Buffer',
  'require',
  'setImmediate',
];

const clockRules = [
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: 'Use the Clock port.',
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'Use the Clock port.',
  },
];

// Import boundaries (engine/ARCHITECTURE.md). The engine's layers and import cycles need
// resolved paths: dependency-cruiser checks them (.dependency-cruiser.cjs, also in `npm run lint`).

/** An import string that reaches into one of the top folders (relative, or through an @, ~, @@ or ~~ alias). */
const into = (folder) => `^(?:(?:\\.\\.?/)+|[@~]{1,2}/)${folder}(?:/|$)`;

const runtimeNeutral = {
  group: ['node:*', 'fs', 'path', 'http', 'crypto', 'better-sqlite3', 'dexie', 'wxt/*', '#imports'],
  message: 'engine/ is runtime-neutral: use a port.',
};

const noHosts = ['server', 'entrypoints', 'components'].map((folder) => ({
  regex: into(folder),
  message: `engine/ never imports ${folder}/: the hosts plug adapters into the engine, not the other way round.`,
}));

const entryFilesOnly = {
  regex:
    '^(?:(?:\\.\\.?/)+|[@~]{1,2}/)engine/(?!(?:index|contract|browser|extract(?:/index)?)(?:\\.ts)?$)',
  message:
    'Import the engine through an entry file: engine/index.ts (hosts), engine/browser.ts (browser adapters), engine/extract/index.ts (the page reader) or engine/contract.ts (wire types and lists).',
};

const contractOnly = {
  regex: '^(?:(?:\\.\\.?/)+|[@~]{1,2}/)engine/(?!contract(?:\\.ts)?$)',
  message:
    'components/ reach the engine only through engine/contract.ts (types and plain lists): no engine code in the pages. Call the API through the v1 client.',
};

const noServer = (who) => ({
  regex: into('server'),
  message: `${who} run in the browser: never import server/ (Node only).`,
});

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      '.output',
      '.wxt',
      'data',
      'coverage',
      'test-results',
      'playwright-report',
      'scratch',
      'dist',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // The engine runs unchanged in a service worker and in Node: it reaches the world only through ports.
    files: ['engine/**/*.ts'],
    ignores: ['engine/adapters/**', 'engine/browser.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [runtimeNeutral, ...noHosts] }],
      'no-restricted-globals': [
        'error',
        ...runtimeGlobals.map((name) => ({
          name,
          message: 'engine/ is runtime-neutral: use a port.',
        })),
      ],
      'no-restricted-syntax': ['error', ...clockRules],
    },
  },
  {
    // Adapters may use their runtime; engine/browser.ts is their door.
    files: ['engine/adapters/**/*.ts', 'engine/browser.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: noHosts }] },
  },
  {
    // Lists the extension's pages import: nothing may come with them.
    files: ['engine/vocabulary.ts', 'engine/money.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...clockRules,
        {
          selector: 'ImportDeclaration, ExportAllDeclaration, ExportNamedDeclaration[source]',
          message: 'This module is imported by the pages through engine/contract.ts: no imports.',
        },
      ],
    },
  },
  {
    // The clients' door: types, and the import-free lists above. Nothing that runs.
    files: ['engine/contract.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...clockRules,
        {
          selector: "ImportDeclaration[importKind='value']",
          message: 'engine/contract.ts imports types only (`import type`).',
        },
        {
          selector:
            "ExportNamedDeclaration[exportKind='value']:not([source.value='./vocabulary']):not([source.value='./money']), ExportAllDeclaration",
          message:
            'engine/contract.ts exports types, and values only from ./vocabulary or ./money (import-free).',
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [entryFilesOnly] }] },
  },
  {
    files: ['entrypoints/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [entryFilesOnly, noServer('Extension entrypoints')] },
      ],
    },
  },
  {
    files: ['components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [contractOnly, noServer('Components')] }],
    },
  },
);
