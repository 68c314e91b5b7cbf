import { join } from 'node:path';
import type { Store, TableDef } from '../../engine/index';
import type { MigrationReport } from './migrations';
import { openDataDir } from '../data-dir';
import { createSqliteStore, migrateSqliteFile } from './sqlite';

/** Where the server keeps its data: an embedded SQLite file (the default) or PostgreSQL. */
export type StoreChoice =
  { kind: 'sqlite'; dataDir: string } | { kind: 'postgres'; url: string; poolSize?: number };

export interface StoreHooks {
  migrated?: (report: MigrationReport) => void;
  onConnectionError?: (error: unknown) => void;
}

/** Where a data directory keeps its SQLite database. */
export const databaseFileIn = (dataDir: string) => join(dataDir, 'intents.db');

/** The SQLite file in its data directory, created owner-only (data-dir.ts). */
const sqliteFile = (dataDir: string) => databaseFileIn(openDataDir(dataDir));

/** Runs `open` on the data directory's file, naming the file when it is not SQLite at all. */
function onSqliteFile<T>(dataDir: string, open: (file: string) => T): T {
  const file = sqliteFile(dataDir);
  try {
    return open(file);
  } catch (error) {
    if ((error as { code?: string }).code !== 'SQLITE_NOTADB') throw error;
    throw new Error(`${file} is not an SQLite database: check --data, or move that file away.`);
  }
}

export async function openStore(
  choice: StoreChoice,
  tables: Record<string, TableDef>,
  hooks: StoreHooks = {},
): Promise<Store> {
  if (choice.kind === 'sqlite')
    return onSqliteFile(choice.dataDir, (file) =>
      createSqliteStore(file, tables, { migrated: hooks.migrated }),
    );
  // Loaded only when chosen: the default (SQLite) never loads the PostgreSQL client.
  const { openPostgresStore } = await import('./postgres');
  return openPostgresStore(choice.url, tables, { poolSize: choice.poolSize, ...hooks });
}

/** Brings the database to this code's schema (what opening it does first) and closes it. */
export async function migrateStore(
  choice: StoreChoice,
  tables: Record<string, TableDef>,
): Promise<MigrationReport> {
  if (choice.kind === 'sqlite')
    return onSqliteFile(choice.dataDir, (file) => migrateSqliteFile(file, tables));
  let report: MigrationReport | undefined;
  const { openPostgresStore } = await import('./postgres');
  const store = await openPostgresStore(choice.url, tables, { migrated: (r) => (report = r) });
  await store.close();
  return report!;
}

/** For logs: where the data is, without the password. */
export function describeStore(choice: StoreChoice): string {
  if (choice.kind === 'sqlite') return `Data directory: ${choice.dataDir}`;
  const url = new URL(choice.url);
  if (url.password) url.password = '***';
  return `Database: PostgreSQL ${url.toString()}`;
}
