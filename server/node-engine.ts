import { join, resolve } from 'node:path';
import { createEngine, TABLES, type EngineOptions } from '../engine/index';
import { openDataDir } from './data-dir';
import { createSqliteStore } from './store/sqlite';

export type NodeEngineOptions = Omit<EngineOptions, 'store'> & { dataDir: string };

export const dataDirFrom = (flag: string | undefined) =>
  resolve(flag ?? process.env.INTENT_DATA_DIR ?? './data');

/** The engine on an embedded SQLite file in `dataDir` (created owner-only if missing). */
export function createNodeEngine({ dataDir, ...options }: NodeEngineOptions) {
  const store = createSqliteStore(join(openDataDir(dataDir), 'intents.db'), TABLES);
  return createEngine({ store, ...options });
}
