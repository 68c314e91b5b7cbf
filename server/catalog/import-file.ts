import { readInputFile } from '../read-input';
import type {
  CatalogMode,
  Engine,
  FacilityKind,
  PlaceSighting,
  ProductSighting,
} from '../../engine/index';
import { acpRows } from './acp-feed';
import type { ImportReport } from './import-report';
import { facilitySighting, venueSighting } from './place-rows';
import { productSightings } from './product-rows';
import { csvRows, jsonRows, type SourceRows } from './read-rows';

export const CATALOG_KINDS = ['products', 'venues', 'facilities'] as const;
export type CatalogKind = (typeof CATALOG_KINDS)[number];
export const CATALOG_FORMATS = ['json', 'csv', 'acp'] as const;
export type CatalogFormat = (typeof CATALOG_FORMATS)[number];

/** Rows written per transaction. */
const BATCH = 500;

/** The format a file's name suggests: `.csv` is CSV, anything else JSON (or JSON Lines). */
export function formatOf(path: string): CatalogFormat {
  return /\.csv$/i.test(path) ? 'csv' : 'json';
}

function sourceRows(text: string, kind: CatalogKind, format: CatalogFormat): SourceRows {
  if (format === 'csv') return csvRows(text);
  if (format === 'acp') return acpRows(text);
  return jsonRows(text, [kind]);
}

/** How rows of one kind are read (a row, or why it is skipped) and written (created or not). */
interface KindIo<R> {
  read(value: unknown): R | { reason: string };
  write(engine: Engine, rows: R[]): Promise<boolean[]>;
}

const io = <R>(kind: KindIo<R>) => kind;

function kindIo(kind: CatalogKind, modes: readonly CatalogMode[]): KindIo<unknown> {
  const kinds = {
    // A product row goes into each mode's catalog: created if it is new in any of them.
    products: io<ProductSighting[]>({
      read: (value) => productSightings(value, modes),
      write: async (engine, rows) => {
        const outcomes = await engine.catalog.importProducts(rows.flat());
        const n = modes.length;
        return rows.map((_, i) => outcomes.slice(i * n, (i + 1) * n).includes('created'));
      },
    }),
    venues: io<PlaceSighting>({
      read: venueSighting,
      write: async (engine, rows) =>
        (await engine.catalog.importVenues(rows)).map((outcome) => outcome === 'created'),
    }),
    facilities: io<PlaceSighting & { kinds: FacilityKind[] }>({
      read: facilitySighting,
      write: async (engine, rows) =>
        (await engine.catalog.importFacilities(rows)).map((outcome) => outcome === 'created'),
    }),
  };
  return kinds[kind] as KindIo<unknown>;
}

/**
 * `intent-server catalog import`: reads the file, checks every row, writes the good ones in
 * batches and says what became of each: imported (a new entry), merged (matched an entry: updated
 * it, or changed nothing on a re-import), or skipped with its line and reason. Importing the same
 * file twice writes nothing the second time. Products go into each of `modes`' catalogs.
 */
export async function importCatalogFile(
  engine: Engine,
  path: string,
  options: { kind: CatalogKind; format: CatalogFormat; modes: readonly CatalogMode[] },
): Promise<ImportReport> {
  const text = readInputFile(path, 'the catalog');
  const { rows, unreadable } = sourceRows(text, options.kind, options.format);
  const { read, write } = kindIo(options.kind, options.modes);
  const report: ImportReport = { imported: 0, merged: 0, skipped: [...unreadable] };
  const good: unknown[] = [];
  for (const { line, value } of rows) {
    const row = read(value);
    if (isSkip(row)) report.skipped.push({ line, reason: row.reason });
    else good.push(row);
  }
  for (let start = 0; start < good.length; start += BATCH) {
    for (const created of await write(engine, good.slice(start, start + BATCH))) {
      if (created) report.imported++;
      else report.merged++;
    }
  }
  report.skipped.sort((a, b) => a.line - b.line);
  return report;
}

const isSkip = (row: unknown): row is { reason: string } =>
  typeof row === 'object' && row !== null && 'reason' in row;
