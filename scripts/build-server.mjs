// `npm run build:server` (and npm ci's postinstall): see bin/server-bundle.js.
import { buildServerBundle } from '../bin/server-bundle.js';

const { inputs } = await buildServerBundle();
console.log(`dist/server/main.mjs: the server bundled from ${inputs} files`);
