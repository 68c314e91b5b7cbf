import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { databaseFileIn, type StoreChoice } from '../store/choice';
import { intFlag, UsageError } from './args';

/** The flags of every command that opens the store. */
export const STORE_FLAGS = {
  data: { type: 'string' },
  'database-url': { type: 'string' },
  'database-pool-size': { type: 'string' },
} as const;

export const STORE_USAGE = '[--data DIR | --database-url postgres://…] [--database-pool-size N]';

/**
 * PostgreSQL when --database-url (or, without --data, DATABASE_URL) names one; otherwise the
 * embedded SQLite file in --data, INTENT_DATA_DIR or ./data.
 */
export function storeChoiceFrom(values: {
  data?: string;
  'database-url'?: string;
  'database-pool-size'?: string;
}): StoreChoice {
  if (values.data === '') throw new UsageError('--data needs a directory (got an empty value).');
  if (values.data !== undefined && values['database-url'] !== undefined)
    throw new UsageError('Give --data DIR (SQLite) or --database-url URL (PostgreSQL), not both.');
  const url =
    values['database-url'] ?? (values.data === undefined ? process.env.DATABASE_URL : undefined);
  if (!url) {
    if (values['database-pool-size'] !== undefined)
      throw new UsageError('--database-pool-size needs --database-url (or DATABASE_URL).');
    return {
      kind: 'sqlite',
      dataDir: resolve(values.data ?? process.env.INTENT_DATA_DIR ?? './data'),
    };
  }
  if (!/^postgres(ql)?:\/\//.test(url) || !URL.canParse(url))
    throw new UsageError(
      `--database-url (or DATABASE_URL) must be a postgres:// or postgresql:// URL (got '${url.split('@').pop()}').`,
    );
  const size = values['database-pool-size'] ?? process.env.DATABASE_POOL_SIZE;
  const poolSize = intFlag(size, 'database-pool-size', 10);
  if (poolSize < 1)
    throw new UsageError(`--database-pool-size must be at least 1 (got '${size}').`);
  return { kind: 'postgres', url, poolSize };
}

/**
 * The store of a command that reads or changes what is there (keys list, receipts verify…): a
 * SQLite data directory without a database is an error, not a new empty database (a mistyped
 * --data would otherwise make one and answer from it).
 */
export function existingStoreFrom(values: Parameters<typeof storeChoiceFrom>[0]): StoreChoice {
  const choice = storeChoiceFrom(values);
  if (choice.kind === 'sqlite' && !existsSync(databaseFileIn(choice.dataDir))) {
    throw new Error(
      `No database in ${choice.dataDir}: check --data (or INTENT_DATA_DIR), or make one with \`intent-server migrate --data ${choice.dataDir}\` or \`serve\`.`,
    );
  }
  return choice;
}
