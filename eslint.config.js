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
    ignores: ['engine/adapters/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'node:*',
                'fs',
                'path',
                'http',
                'crypto',
                'better-sqlite3',
                'dexie',
                'wxt/*',
                '#imports',
              ],
              message: 'engine/ is runtime-neutral: use a port.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...runtimeGlobals.map((name) => ({
          name,
          message: 'engine/ is runtime-neutral: use a port.',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Use the Clock port.',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Use the Clock port.',
        },
      ],
    },
  },
);
