/**
 * Import rules that need resolved paths: the engine's layers and import cycles (type imports
 * count). Run by `npm run lint`; engine/ARCHITECTURE.md explains the layers.
 *
 * A folder of engine/ may import its own files and any folder of a lower layer; folders of one
 * layer do not import each other. `(root)` is every file directly in engine/ except the entry
 * files, which nothing inside the engine imports. A new folder goes into one layer below.
 */
const LAYERS = [
  ['util', 'net'],
  ['(root)'],
  ['store', 'schemas', 'extract', 'merchants'],
  ['events', 'payments', 'adapters'],
  ['machine'],
  ['intents', 'auth', 'idempotency', 'inventory', 'resolve'],
  ['receipts'],
  ['monitor', 'execute', 'webhooks'],
  ['api'],
];

/** engine/<name>.ts files that are doors into the engine, not part of a layer. */
const ENTRY_FILES = ['index', 'contract', 'browser', 'engine'];

const entry = `^engine/(?:${ENTRY_FILES.join('|')})\\.ts$`;
const pathOf = (folder) =>
  folder === '(root)'
    ? `^engine/(?!(?:${ENTRY_FILES.join('|')})\\.ts$)[^/]+$`
    : `^engine/${folder}/`;

const layerRules = LAYERS.flatMap((layer, rank) =>
  layer.map((folder) => {
    const notBelow = LAYERS.slice(rank)
      .flat()
      .filter((other) => other !== folder);
    return {
      name: `engine-layer-${folder.replace(/[()]/g, '')}`,
      severity: 'error',
      comment: `engine/${folder} may import only its own files and lower layers (engine/ARCHITECTURE.md).`,
      from: { path: pathOf(folder) },
      to: { path: [...notBelow.map(pathOf), entry] },
    };
  }),
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle (type imports count): move the shared piece one layer down.',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(?:node_modules|\\.wxt|\\.output)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
