import type { ClientBase, Pool } from 'pg';
import type { TableDef } from '../../engine/index';
import {
  BASELINE,
  pendingSteps,
  VERSIONS_TABLE,
  type MigrationReport,
  type MigrationStep,
} from './migrations';
import { deriveTables } from './postgres-schema';
import { qualified, quote } from './postgres-sql';

export interface PostgresMigration extends MigrationStep {
  /** Runs inside the migration transaction; generated index columns follow the documents. */
  up(client: ClientBase, schema: string): Promise<void>;
}

/** Numbered migrations, in order (see migrations.ts). Append; never edit a released one. */
export const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [
  { ...BASELINE, up: async () => {} },
];

/**
 * Brings `schema` to the code's version in one transaction (see migrations.ts). Instances that
 * start together queue on an advisory lock, so one migrates and the others find it done.
 */
export async function migratePostgres(
  pool: Pool,
  schema: string,
  tables: Record<string, TableDef>,
  steps: readonly PostgresMigration[] = POSTGRES_MIGRATIONS,
): Promise<MigrationReport> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
      `intent-commerce migrations ${schema}`,
    ]);
    // Only when missing: CREATE SCHEMA IF NOT EXISTS needs the CREATE right even when it exists.
    const found = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
    if (found.rowCount === 0) await client.query(`CREATE SCHEMA ${quote(schema)}`);
    const versions = qualified(schema, VERSIONS_TABLE);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${versions} (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const { rows } = await client.query<{ version: number }>(
      `SELECT coalesce(max(version), 0) AS version FROM ${versions}`,
    );
    const from = rows[0]!.version;
    const pending = pendingSteps(from, steps, `The PostgreSQL schema "${schema}"`);
    await deriveTables(client, schema, tables);
    for (const step of pending) {
      await step.up(client, schema);
      await client.query(`INSERT INTO ${versions} (version, name) VALUES ($1, $2)`, [
        step.version,
        step.name,
      ]);
    }
    await client.query('COMMIT');
    client.release();
    return {
      from,
      to: from + pending.length,
      applied: pending.map(({ version, name }) => ({ version, name })),
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    client.release(true);
    throw error;
  }
}
