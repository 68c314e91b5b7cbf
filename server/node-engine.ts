import { createEngine, TABLES, type EngineOptions } from '../engine/index';
import { openStore, type StoreChoice, type StoreHooks } from './store/choice';

export type NodeEngineOptions = Omit<EngineOptions, 'store'> & {
  store: StoreChoice;
  storeHooks?: StoreHooks;
};

/** The engine on the chosen store (SQLite file or PostgreSQL), migrated to this code's schema. */
export async function createNodeEngine({ store, storeHooks, ...options }: NodeEngineOptions) {
  return createEngine({ store: await openStore(store, TABLES, storeHooks), ...options });
}

export type NodeEngine = Awaited<ReturnType<typeof createNodeEngine>>;
