import type { CatalogMode, CatalogStats } from '../../engine/index';
import {
  CATALOG_FORMATS,
  CATALOG_KINDS,
  formatOf,
  importCatalogFile,
  type CatalogFormat,
  type CatalogKind,
} from '../catalog/import-file';
import { UnreadableFile } from '../catalog/read-rows';
import { createNodeEngine } from '../node-engine';
import { parseFlags, UsageError } from './args';
import { existingStoreFrom, STORE_FLAGS, STORE_USAGE, storeChoiceFrom } from './store-flags';

const USAGE = `intent-server catalog import FILE --kind products|venues|facilities [--format json|csv|acp] [--mode test|live|both] ${STORE_USAGE}
intent-server catalog stats ${STORE_USAGE}`;

const MODES: Record<string, CatalogMode[]> = {
  test: ['test'],
  live: ['live'],
  both: ['test', 'live'],
};

const oneOf = <T extends string>(value: string | undefined, list: readonly T[], flag: string) => {
  if (value === undefined || list.includes(value as T)) return value as T | undefined;
  throw new UsageError(`--${flag} must be one of ${list.join(', ')} (got '${value}').\n${USAGE}`);
};

/** `intent-server catalog import|stats`: fill the Resolve catalog from files, see what it holds. */
export async function catalogCommand(args: string[]) {
  const { values, positionals } = parseFlags(
    args,
    {
      kind: { type: 'string' },
      format: { type: 'string' },
      mode: { type: 'string' },
      ...STORE_FLAGS,
    },
    2,
  );
  const [action, file] = positionals;
  if (action === 'stats') {
    if (file !== undefined || values.kind || values.format || values.mode)
      throw new UsageError(`catalog stats takes no file and no import flags.\n${USAGE}`);
    const engine = await createNodeEngine({ store: existingStoreFrom(values) });
    try {
      console.log(describeStats(await engine.catalog.stats()));
    } finally {
      await engine.close();
    }
    return;
  }
  if (action !== 'import') throw new UsageError(USAGE);
  if (!file) throw new UsageError(`catalog import needs FILE.\n${USAGE}`);
  const kind = oneOf<CatalogKind>(values.kind, CATALOG_KINDS, 'kind');
  if (!kind) throw new UsageError(`catalog import needs --kind.\n${USAGE}`);
  const format = oneOf<CatalogFormat>(values.format, CATALOG_FORMATS, 'format') ?? formatOf(file);
  if (format === 'acp' && kind !== 'products')
    throw new UsageError('--format acp is a product feed: use it with --kind products.');
  const mode = oneOf(values.mode, Object.keys(MODES), 'mode');
  if (mode && kind !== 'products')
    throw new UsageError('--mode is for products (venues and facilities have no mode).');
  const engine = await createNodeEngine({ store: storeChoiceFrom(values) });
  try {
    const modes = MODES[mode ?? 'both']!;
    const report = await importCatalogFile(engine, file, { kind, format, modes });
    const into = kind === 'products' ? ` into the ${modes.join(' and ')} catalog` : '';
    console.log(
      `${kind} from ${file} (${format})${into}: imported ${report.imported}, merged ${report.merged}, skipped ${report.skipped.length}.`,
    );
    for (const { line, reason } of report.skipped) console.log(`  line ${line}: ${reason}`);
    // Nothing of a file that had rows went in: a wrong --kind or --format, not an import.
    if (report.imported + report.merged === 0 && report.skipped.length > 0) {
      console.error(
        `Nothing imported: every row of ${file} was skipped (check --kind and --format).`,
      );
      process.exitCode = 1;
    }
  } catch (error) {
    if (error instanceof UnreadableFile) throw new Error(`${file}: ${error.message}`);
    throw error;
  } finally {
    await engine.close();
  }
}

function describeStats(stats: CatalogStats): string {
  const modes = (['test', 'live'] as const).map((mode) => {
    const { products, offers, merchants } = stats.products[mode];
    return `products (${mode}): ${products}, with ${offers} offers from ${merchants} merchants`;
  });
  const { venues, providers, cities } = stats.venues;
  const { facilities, providers: facilityProviders, kinds } = stats.facilities;
  const byKind = Object.entries(kinds)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  return [
    ...modes,
    `venues: ${venues} in ${cities} cities, ${providers} providers`,
    `facilities: ${facilities}, ${facilityProviders} providers${byKind ? ` (${byKind})` : ''}`,
  ].join('\n');
}
