import { fileURLToPath } from 'node:url';
import type { Engine } from '../../engine/index';
import { importCatalogFile } from './import-file';

const SETTING = 'catalog_samples';
// Two levels up is the repository both from here and from the server's bundle (dist/server/).
const sample = (name: string) =>
  fileURLToPath(new URL(`../../server/catalog/samples/${name}.json`, import.meta.url));

/**
 * Loads the sample venues and facilities (server/catalog/samples/) once per database: the first
 * `serve` on a fresh data directory does, and records it in `settings`, so that later starts
 * (and venues deleted or re-imported since) are left alone. Returns what it loaded, or null.
 */
export async function loadSamplesOnce(
  engine: Engine,
): Promise<{ venues: number; facilities: number } | null> {
  const { store, clock } = engine.ctx;
  if (await store.get('settings', SETTING)) return null;
  const options = { format: 'json', modes: [] } as const;
  const venues = await importCatalogFile(engine, sample('venues'), { ...options, kind: 'venues' });
  const facilities = await importCatalogFile(engine, sample('facilities'), {
    ...options,
    kind: 'facilities',
  });
  await store.transact((tx) =>
    tx.put('settings', { name: SETTING, loaded_at: new Date(clock.now()).toISOString() }),
  );
  return {
    venues: venues.imported + venues.merged,
    facilities: facilities.imported + facilities.merged,
  };
}
