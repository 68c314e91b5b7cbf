import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createEngine, TABLES, type EngineOptions } from '../engine/index';
import { createSqliteStore } from './store/sqlite';

export interface NodeEngineOptions {
  dataDir: string;
  api?: EngineOptions['api'];
}

export const dataDirFrom = (flag: string | undefined) =>
  resolve(flag ?? process.env.INTENT_DATA_DIR ?? './data');

/** The engine on an embedded SQLite file in `dataDir` (created if missing). */
export function createNodeEngine(options: NodeEngineOptions) {
  mkdirSync(options.dataDir, { recursive: true });
  const store = createSqliteStore(join(options.dataDir, 'intents.db'), TABLES);
  return createEngine({ store, ...(options.api ? { api: options.api } : {}) });
}
